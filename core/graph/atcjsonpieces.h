#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

// Internal to the ATC JSON importer: where a large file's main op array can be cut, so simdjson
// indexes one piece at a time (its index of a whole file is about as large as the file).
namespace opsinfo {

class Graph;
struct ImportContext;

// The same graph and diagnostics as a whole read (a GeModel of the whole file converted), with
// simdjson indexing one piece of the main op array at a time (findOpCuts) and each piece's ops
// converted as soon as the pieces before it are in, so no model of the whole op array is held.
// std::nullopt, without a diagnostic, when the file does not read that way (then the whole read
// reads it, errors included). A middle piece that does not read as ops (its end cut was past the
// main graph's ops, in a subgraph or a later field) is read again with the rest of the file as
// the last piece.
std::optional<std::unique_ptr<Graph>> importAtcJsonInPieces(std::string_view bytes,
                                                            ImportContext &context);

// Offsets of the ',' joining two ops, one about every `pieceBytes` from the start of `bytes`, in
// atc --json's indented layout or in compact JSON in protobuf's field order. A cut joins two
// objects at the depth of the main graph's ops, or at the same depth elsewhere; which it is the
// reader checks by reading the pieces. Empty when no cut is found (then the file is read whole).
std::vector<std::size_t> findOpCuts(std::string_view bytes, std::size_t pieceBytes);

// Files read in pieces since the program started (tests tell a piecewise read from a whole one).
std::size_t atcJsonPieceReads();
void countAtcJsonPieceRead();

// One piece as a JSON text of its own: `prefix`, the bytes, `suffix`, then zeroed padding for
// simdjson. Reused from piece to piece; `offset` maps a view into it back into the file.
class AtcJsonPiece
{
public:
    // The piece's text (without the padding).
    std::string_view fill(std::string_view prefix, std::string_view bytes, std::string_view suffix,
                          std::size_t padding);

    // `view` (from the last fill) as the same bytes of the file, when it lies in the copied part.
    std::string_view inFile(std::string_view view) const;

private:
    std::vector<char> m_text;
    const char *m_copyBegin = nullptr; // the copied bytes in m_text
    const char *m_copyEnd = nullptr;
    const char *m_fileBegin = nullptr; // the same bytes in the file
};

} // namespace opsinfo
