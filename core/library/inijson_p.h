#pragma once

// Internal to the INI converter: what parse_ini_to_json.py holds after reading, with the place
// of every key, for the checks (inicheck.cpp).

#include "common/diagnostic.h"
#include "library/inijson.h"

#include <string>
#include <vector>

namespace opsinfo {

struct IniLeaf
{
    std::string key;
    std::string value;
    int line = 0;
    int valueColumn = 0; // 1-based byte column of the value's first byte
};

// A dict of the script, in insertion order.
struct IniItem
{
    std::string name;
    int line = 0; // where its first key is
    std::vector<IniLeaf> leaves;

    const IniLeaf *find(std::string_view key) const
    {
        for (const IniLeaf &leaf : leaves)
            if (leaf.key == key)
                return &leaf;
        return nullptr;
    }
};

struct IniSection
{
    std::string name;
    std::string file;
    int line = 0;
    std::vector<IniItem> items;

    const IniItem *find(std::string_view item) const
    {
        for (const IniItem &i : items)
            if (i.name == item)
                return &i;
        return nullptr;
    }
};

// Python's str.strip(): white space as str.isspace() knows it, Unicode included.
std::string_view pythonStrip(std::string_view s);

// check_op_info of the chosen script over every section; its refusals are errors.
void checkIniSections(const std::vector<IniSection> &sections, IniScript script,
                      std::vector<Diagnostic> &diagnostics);

} // namespace opsinfo
