#pragma once

#include <set>
#include <string>
#include <string_view>

namespace opsinfo {

// FE's matrix ("cube") op types. Everything else is a vector op (SEMANTICS §1).
class CubeOpList
{
public:
    // The 27 types of FE's default fp16.op_type list.
    static CubeOpList defaults();
    // An explicit list, e.g. from fe.ini's fp16.op_type (see loadCubeOpsFromFeIni); `source` says
    // where it comes from (a file path), empty for FE's defaults.
    explicit CubeOpList(std::set<std::string, std::less<>> types, std::string source = {})
        : m_types(std::move(types))
        , m_source(std::move(source))
    {
    }

    bool contains(std::string_view type) const { return m_types.find(type) != m_types.end(); }
    const std::set<std::string, std::less<>> &types() const { return m_types; }
    const std::string &source() const { return m_source; } // empty: FE's default list
    bool isDefault() const { return m_source.empty(); }

private:
    std::set<std::string, std::less<>> m_types;
    std::string m_source;
};

} // namespace opsinfo
