#pragma once

#include "diff/policyatlas.h"

#include <nlohmann/json.hpp>

#include <string>

namespace opsinfo {

// The policy atlas as `opsinfo library diff` with more than two sources and the app's atlas
// exports write it (one home, so both write the same).

// {"sources": [...], "summary": {...}, "rows": [{"op_type", "difference", "cells": [{"list",
// "floats"}]}]}; "list" is "absent" where a source lacks the type.
nlohmann::json policyAtlasJson(const PolicyAtlas &atlas);
// A header (op_type, difference, one colour column per source, then one "<source> floats" column
// per source), then one row per op type of any source, in the atlas's order.
std::string policyAtlasCsv(const PolicyAtlas &atlas);
// A self-contained SVG: a row per op type, a column per source, each cell its list colour; absent
// types crossed out, a corner mark where the entry has no fp16, bf16 or fp32 column.
std::string policyAtlasSvg(const PolicyAtlas &atlas, const std::string &title);

} // namespace opsinfo
