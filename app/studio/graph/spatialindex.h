#pragma once

#include <QRectF>

#include <vector>

namespace opsinfo {

// A static packed R-tree (sort-tile-recursive) over rectangles: built once per layout in
// O(n log n), answers "what intersects this viewport" in O(log n + hits) so painting and hit
// testing only touch what is on screen.
class SpatialIndex
{
public:
    void build(const std::vector<QRectF> &boxes);
    void clear();
    // Appends the ids (positions in the vector given to build) of boxes intersecting `area`.
    void query(const QRectF &area, std::vector<int> &out) const;
    int size() const { return m_itemCount; }

private:
    struct Entry
    {
        QRectF box;
        int child = -1; // id at the leaf level, else the first entry of the next level
        int count = 0; // entries under it at the next level (0 at the leaf level)
    };

    static bool intersects(const QRectF &a, const QRectF &b);

    std::vector<std::vector<Entry>> m_levels; // m_levels[0] holds the items, the last the root
    int m_itemCount = 0;
};

} // namespace opsinfo
