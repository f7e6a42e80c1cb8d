#include "common/jsontext.h"

#include "common/textescape.h"

#include <nlohmann/json.hpp>

namespace opsinfo {

namespace {

bool isUtf8(const std::string &text)
{
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8SequenceAt(text, i);
        if (length == 0)
            return false;
        i += length;
    }
    return true;
}

// The pointer of the first string or key that is not UTF-8, or nullopt.
bool findInvalid(const nlohmann::json &value, const nlohmann::json::json_pointer &at,
                 std::string &found)
{
    if (value.is_string()) {
        if (isUtf8(value.get_ref<const std::string &>()))
            return false;
        found = at.to_string();
        return true;
    }
    if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it) {
            if (!isUtf8(it.key())) {
                found = (at / validUtf8(it.key())).to_string();
                return true;
            }
            if (findInvalid(it.value(), at / it.key(), found))
                return true;
        }
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            if (findInvalid(value[i], at / i, found))
                return true;
    }
    return false;
}

} // namespace

std::string dumpJson(const nlohmann::json &value, int indent, std::string *firstInvalid)
{
    if (firstInvalid)
        firstInvalid->clear();
    try {
        return value.dump(indent);
    } catch (const nlohmann::json::type_error &) {
        // 316: invalid UTF-8. Rare, so the document is walked only then.
    }
    if (firstInvalid) {
        std::string found;
        if (findInvalid(value, nlohmann::json::json_pointer(), found))
            *firstInvalid = validUtf8(found);
    }
    return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace opsinfo
