#pragma once

#include "diff/resolutiondiff.h"
#include "evidence/evidence.h"
#include "evidence/evidencejoin.h"
#include "resolver/modesweep.h"
#include "resolver/resolution.h"

#include <functional>
#include <string>
#include <vector>

namespace opsinfo {

class Graph;

// What `opsinfo report` puts into one self-contained HTML page.
struct HtmlReportInput
{
    const Graph *graph = nullptr;
    std::string graphPath;
    std::string libraryLabel; // what --library named, said in the header
    // One or more predictions of `graph`; the first is shown when the page opens.
    std::vector<const Resolution *> modes;
    std::vector<ModeSummary> modeChart; // empty: no chart (one mode only)
    // The mixlist's effect: the library alone (A) against library + mixlist (B) for the first mode.
    const ResolutionDiff *mixlistDiff = nullptr;
    std::string mixlistPath;
    const std::vector<EvidenceFile> *evidence = nullptr;
    const std::vector<FileJoin> *evidenceJoins = nullptr; // parallel to `evidence`
    FlagThresholds thresholds;
    // -1: as the app opens the graph (overviewDepth, core/layout/scopetree.h); 0: every node drawn.
    // The layout and the page then handle a few thousand boxes, not every node.
    int collapseDepth = -1;
};

// Called between the stages of a report (layout, per-mode data, page) with a short label.
using HtmlReportProgress = std::function<void(std::size_t done, std::size_t total, const char *)>;

// The page: template resources/core/report/report.html with the graph layout, every node's
// resolution (the explanation text of `opsinfo resolve --json`), casts, mixlist diff, evidence
// badges and the mode chart embedded as JSON and SVG; nothing is fetched from elsewhere.
std::string htmlReport(const HtmlReportInput &input, const HtmlReportProgress &progress = {});

// `json` made safe inside <script type="application/json">: every '<', '>' and '&' becomes its
// \u escape, so no text of a node name can close the element or open a comment.
std::string scriptSafeJson(const std::string &json);
// &, <, >, " and ' as entities, for text and attribute values.
std::string htmlEscape(std::string_view text);

} // namespace opsinfo
