#include "studio/library/opdetails.h"

#include "studio/common/coretexts.h"
#include "studio/common/policystyle.h"
#include "studio/document/librarydocument.h"
#include "studio/document/workspace.h"

#include <QCoreApplication>

namespace opsinfo {

namespace {

// lupdate finds strings only in tr() of a class it knows; the macro names the context.
struct OpDetailsText
{
    Q_DECLARE_TR_FUNCTIONS(OpDetails)
};

QString esc(const std::string &s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

QString fileOf(const OpLibrary &library, const OpEntry &e)
{
    if (e.fileIndex < 0 || std::size_t(e.fileIndex) >= library.files().size())
        return {};
    QString text = esc(library.files()[std::size_t(e.fileIndex)].path);
    if (e.location.line > 0)
        text += QStringLiteral(":%1:%2").arg(e.location.line).arg(e.location.column);
    return text;
}

// The entry as the file has it: item, then its keys, in file order.
QString itemsHtml(const OpEntry &e)
{
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='2'>");
    for (const OpItem &item : e.items) {
        html += QStringLiteral("<tr><td colspan='2'><b>%1</b></td></tr>")
                    .arg(esc(std::string(item.name)));
        for (const auto &[key, value] : item.values)
            html += QStringLiteral("<tr><td style='padding-left:16px;color:#555'>%1</td>"
                                   "<td><code>%2</code></td></tr>")
                        .arg(esc(std::string(key)), esc(std::string(value)));
    }
    return html + QStringLiteral("</table>");
}

} // namespace

QString opDetailsHtml(const Workspace &workspace, const QString &type)
{
    const LibraryDocument *document = workspace.libraryDocument();
    const OpLibrary &library = document->library();
    const std::string name = type.toStdString();
    const OpEntry *e = library.find(name);
    if (!e)
        return OpDetailsText::tr("<p>Select an op type to see its entry.</p>");

    QString html = QStringLiteral("<h2>%1</h2>").arg(type.toHtmlEscaped());
    const Policy original = document->originalPolicy(name);
    QString colour = OpDetailsText::tr("Library: <b>%1</b>").arg(policyDisplayName(e->policy));
    if (original != e->policy)
        colour += OpDetailsText::tr(" (edited; <b>%1</b> in the file)")
                      .arg(policyDisplayName(original));
    html += QStringLiteral("<p>%1<br>").arg(colour);
    const Policy effective = workspace.policyTable().effective(name);
    html += OpDetailsText::tr("Effective after the mixlist: <b>%1</b>")
                .arg(policyDisplayName(effective));
    if (const OpPolicy *p = workspace.policyTable().find(name); p && !p->explanation.empty())
        html += QStringLiteral("<br><i>%1</i>").arg(coreText(p->explanation).toHtmlEscaped());
    html += QStringLiteral("<br>%1</p>")
                .arg(library.isCube(name) ? OpDetailsText::tr("Cube (matrix) op")
                                          : OpDetailsText::tr("Vector op"));
    if (document->isSample())
        html += OpDetailsText::tr("<p>From the embedded sample (an excerpt of CANN 8.1 "
                                  "aic-ascend910b-ops-info.json), line %1</p>")
                    .arg(e->location.line);
    else
        html += OpDetailsText::tr("<p>From %1</p>").arg(fileOf(library, *e));

    const auto shadowed = library.shadowed(name);
    if (!shadowed.empty()) {
        html += OpDetailsText::tr("<p>Shadows %n other entries (L2/L3):<ul>", nullptr,
                                  int(shadowed.size()));
        for (const OpEntry *s : shadowed)
            html += QStringLiteral("<li>%1 — %2</li>")
                        .arg(fileOf(library, *s), policyDisplayName(s->policy));
        html += QStringLiteral("</ul></p>");
    }
    html += OpDetailsText::tr("<h3>Entry (as in the file)</h3>");
    html += itemsHtml(*e);
    return html;
}

} // namespace opsinfo
