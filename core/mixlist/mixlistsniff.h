#pragma once

#include <string_view>

namespace opsinfo {

// Whether the start of a JSON file is a modify_mixlist rather than an ops-info library: its first
// key is a list name (black-list, white-list, gray-list; also grey, '_' for '-', or no dash, as
// the lenient import repairs them), or the object is empty; comments are skipped. A library's first
// key is an op type; its entries hold "list" keys (attr.list) too, so a substring test on the head
// misreads them.
bool looksLikeMixlistJson(std::string_view head);

} // namespace opsinfo
