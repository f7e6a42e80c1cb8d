#include "spatialindex.h"

#include <algorithm>
#include <cmath>

namespace opsinfo {

namespace {
constexpr int kFanout = 16;
}

bool SpatialIndex::intersects(const QRectF &a, const QRectF &b)
{
    // Closed intervals: zero-width boxes (vertical edge segments) must still be found.
    return a.left() <= b.right() && b.left() <= a.right() && a.top() <= b.bottom()
        && b.top() <= a.bottom();
}

void SpatialIndex::clear()
{
    m_levels.clear();
    m_itemCount = 0;
}

void SpatialIndex::build(const std::vector<QRectF> &boxes)
{
    clear();
    m_itemCount = int(boxes.size());
    if (boxes.empty())
        return;
    std::vector<Entry> level;
    level.reserve(boxes.size());
    for (int i = 0; i < int(boxes.size()); ++i)
        level.push_back({boxes[std::size_t(i)].normalized(), i, 0});

    while (true) {
        // Sort-tile-recursive: vertical slices by x center, then runs of kFanout by y center.
        const std::size_t n = level.size();
        const std::size_t leaves = (n + kFanout - 1) / kFanout;
        const std::size_t slices
            = std::max<std::size_t>(1, std::size_t(std::ceil(std::sqrt(double(leaves)))));
        const std::size_t perSlice = slices * kFanout;
        std::sort(level.begin(), level.end(), [](const Entry &a, const Entry &b) {
            return a.box.center().x() < b.box.center().x();
        });
        for (std::size_t s = 0; s < n; s += perSlice)
            std::sort(level.begin() + std::ptrdiff_t(s),
                      level.begin() + std::ptrdiff_t(std::min(n, s + perSlice)),
                      [](const Entry &a, const Entry &b) {
                          return a.box.center().y() < b.box.center().y();
                      });
        m_levels.push_back(std::move(level));
        const auto &below = m_levels.back();
        if (below.size() <= std::size_t(kFanout))
            break;
        level.clear();
        for (std::size_t first = 0; first < below.size(); first += kFanout) {
            const std::size_t last = std::min(below.size(), first + kFanout);
            // Grown by hand: QRectF::united() skips null boxes, and a point-like edge still counts.
            QRectF box = below[first].box;
            for (std::size_t i = first + 1; i < last; ++i) {
                const QRectF &b = below[i].box;
                box.setLeft(std::min(box.left(), b.left()));
                box.setRight(std::max(box.right(), b.right()));
                box.setTop(std::min(box.top(), b.top()));
                box.setBottom(std::max(box.bottom(), b.bottom()));
            }
            level.push_back({box, int(first), int(last - first)});
        }
    }
}

void SpatialIndex::query(const QRectF &area, std::vector<int> &out) const
{
    if (m_levels.empty())
        return;
    const QRectF a = area.normalized();
    // Iterative descent: (level, first entry, count).
    struct Span
    {
        int level;
        int first;
        int count;
    };
    std::vector<Span> stack {{int(m_levels.size()) - 1, 0, int(m_levels.back().size())}};
    while (!stack.empty()) {
        const Span span = stack.back();
        stack.pop_back();
        const auto &entries = m_levels[std::size_t(span.level)];
        for (int i = span.first; i < span.first + span.count; ++i) {
            const Entry &e = entries[std::size_t(i)];
            if (!intersects(e.box, a))
                continue;
            if (span.level == 0)
                out.push_back(e.child);
            else
                stack.push_back({span.level - 1, e.child, e.count});
        }
    }
}

} // namespace opsinfo
