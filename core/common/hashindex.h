#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace opsinfo {

// Items found by hash without a copy of their keys: open addressing over 1-based positions into
// the owner's own array, at most three quarters full (linear probing stays within a cache line or
// two at that load, and half full doubled the memory for sizes in the upper half of a power of
// two: 4 MB instead of 2 for a 186,000-node graph's pool). The owner keeps the items and says
// which position holds an equal key. Graph finds nodes by name with it, StringPool its strings.
class HashIndex
{
public:
    // Where a key is: the position whose item matches (0: none) and, when none, the slot an
    // insert of it takes (the probe ends there, so inserting after a miss probes once).
    struct Probe
    {
        std::uint32_t position = 0;
        std::size_t slot = 0;
    };

    template<typename Matches> Probe probe(std::uint32_t hash, Matches matches) const
    {
        if (m_slots.empty())
            return {};
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
            const Slot &slot = m_slots[i];
            if (slot.position == 0)
                return {0, i};
            if (slot.hash == hash && matches(slot.position))
                return {slot.position, i};
        }
    }

    // `position` (>= 1) under `hash`, after a probe of the same hash that found nothing.
    void insert(const Probe &missed, std::uint32_t hash, std::uint32_t position)
    {
        if (overfull(m_count + 1, m_slots.size())) {
            grow(); // the probe's slot is of the old table
            place({hash, position});
        } else {
            m_slots[missed.slot] = {hash, position};
        }
        ++m_count;
    }

    std::size_t size() const { return m_count; }

    // Room for `count` positions in all (on an empty index), so inserting them never regrows.
    void reserve(std::size_t count)
    {
        std::size_t tableSize = kMinimumSlots;
        while (overfull(count, tableSize))
            tableSize *= 2;
        if (m_count == 0 && tableSize > m_slots.size())
            m_slots.assign(tableSize, Slot {});
    }

private:
    static constexpr std::size_t kMinimumSlots = 64;
    // More than three quarters full (see the class comment).
    static bool overfull(std::size_t count, std::size_t slotCount)
    {
        return 4 * count > 3 * slotCount;
    }

    struct Slot
    {
        std::uint32_t hash = 0;
        std::uint32_t position = 0; // 0: empty
    };

    void place(Slot slot)
    {
        const std::size_t mask = m_slots.size() - 1;
        std::size_t i = slot.hash & mask;
        while (m_slots[i].position != 0)
            i = (i + 1) & mask;
        m_slots[i] = slot;
    }

    void grow()
    {
        std::vector<Slot> old = std::move(m_slots);
        m_slots.assign(std::max(kMinimumSlots, old.size() * 2), Slot {});
        for (const Slot &slot : old)
            if (slot.position != 0)
                place(slot);
    }

    std::vector<Slot> m_slots;
    std::size_t m_count = 0;
};

} // namespace opsinfo
