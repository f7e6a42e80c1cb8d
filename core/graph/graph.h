#pragma once

#include "common/diagnostic.h"
#include "common/dtype.h"
#include "common/hashindex.h"
#include "common/nodeattributes.h"
#include "common/pooledspan.h"
#include "common/stringpool.h"

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace opsinfo {

// Every string_view of a node (names, types, attribute keys and values) points into the string
// pool of its graph (Graph::intern) or at static text: the graph keeps one copy of each distinct
// string, so its memory follows the file's size rather than its node count times a heap string.
// A node's inputs, outputs, control inputs and tensor shapes are runs in the pool's arena
// (Graph::store): importing allocates nothing per node or tensor.

// A tensor's dims in the graph's arena (Graph::storeShape): a span in 12 bytes, 4-aligned, so it
// packs with the 4-byte fields around it (an input takes 40 bytes, not 48; an output 32, not 40:
// 3 MB of a 186,000-node graph).
class __attribute__((packed, aligned(4))) TensorShape
{
public:
    TensorShape() = default;
    TensorShape(std::span<const std::int64_t> dims)
        : m_data(dims.data())
        , m_size(std::uint32_t(dims.size()))
    {
    }
    operator std::span<const std::int64_t>() const { return {m_data, m_size}; }

    const std::int64_t *data() const { return m_data; }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    const std::int64_t *begin() const { return m_data; }
    const std::int64_t *end() const { return m_data + m_size; }
    std::int64_t operator[](std::size_t i) const { return m_data[i]; }

private:
    const std::int64_t *m_data = nullptr;
    std::uint32_t m_size = 0;
};

// A data input of a node: output `outputIndex` of node `producer` ("producer:index" in the files).
struct NodeInput
{
    std::string_view producerName;
    int outputIndex = 0;
    int producer = -1; // index into Graph::nodes(), -1 when unresolved (missing producer)
    DType dtype = DType::Undefined; // as the file states it, else as inferred
    TensorShape shape {}; // empty when unknown; -1 for dynamic dims
};

struct NodeOutput
{
    std::string_view name; // tensor name where the format has one (ONNX)
    DType dtype = DType::Undefined;
    TensorShape shape {};
};

// Where a node came from: an op in the file, or a boundary node the importer made so every
// tensor has a producer (ONNX graph inputs become Data, initializers become Const).
enum class NodeOrigin : std::uint8_t { File, GraphInput, Initializer };

class Graph;

// A node's If/Loop/Scan bodies, owned by the node. Almost no node has one: those hold one null
// pointer (8 bytes per node, not an empty vector's 24).
class SubgraphList
{
public:
    using Item = std::unique_ptr<Graph>;

    SubgraphList() = default;
    SubgraphList(SubgraphList &&) noexcept = default;
    SubgraphList &operator=(SubgraphList &&) noexcept;
    ~SubgraphList(); // where Graph is complete

    bool empty() const { return size() == 0; }
    std::size_t size() const { return m_items ? m_items->size() : 0; }
    Item *begin() { return m_items ? m_items->data() : nullptr; }
    Item *end() { return begin() + size(); }
    const Item *begin() const { return m_items ? m_items->data() : nullptr; }
    const Item *end() const { return begin() + size(); }
    Item &operator[](std::size_t i) { return (*m_items)[i]; }
    const Item &operator[](std::size_t i) const { return (*m_items)[i]; }
    const Item &at(std::size_t i) const { return items().at(i); }
    Item &front() { return (*m_items)[0]; }
    const Item &front() const { return (*m_items)[0]; }
    void push_back(Item graph) { items().push_back(std::move(graph)); }
    Item &emplace_back(Item graph) { return items().emplace_back(std::move(graph)); }

private:
    std::vector<Item> &items()
    {
        if (!m_items)
            m_items = std::make_unique<std::vector<Item>>();
        return *m_items;
    }
    const std::vector<Item> &items() const
    {
        static const std::vector<Item> none;
        return m_items ? *m_items : none;
    }

    std::unique_ptr<std::vector<Item>> m_items; // null: none
};

struct Node
{
    std::string_view name;
    std::string_view opType; // Ascend IR type ("Conv2D"); equals frameworkType when unmapped
    std::string_view
        frameworkType; // type as written in the file ("Conv", "ge:Conv2D", "DepthwiseConv2dNative")
    std::string_view domain; // ONNX domain, if any
    PooledSpan<NodeInput> inputs; // data inputs in order
    PooledSpan<std::string_view> controlInputs; // producers of control edges ("x:-1" / "^x")
    PooledSpan<NodeOutput> outputs;
    NodeAttributes attributes; // only those that matter for dtypes ("to", "T" ...)
    SubgraphList subgraphs; // If/Loop/Scan bodies
    NodeOrigin origin = NodeOrigin::File;
    bool mapped = true; // framework type found in the op map (false: kept as-is, marked)
};

// A model graph in Ascend IR terms. Node order is the file's order; topologicalOrder() gives the
// decision order (SEMANTICS §8.1: topological, ties broken by file order).
class Graph
{
public:
    Graph();
    // A graph whose strings go to `strings`, shared with another graph: a subgraph with its parent,
    // a view's copy with the document's graph (the views it copies stay valid as long as it lives).
    explicit Graph(std::shared_ptr<StringPool> strings);
    Graph(const Graph &) = delete;
    Graph &operator=(const Graph &) = delete;
    Graph(Graph &&) = default;
    Graph &operator=(Graph &&) = default;

    std::string name;
    std::string format; // "onnx", "ge-proto", "ge-onnx", "atc-json", "tf-graphdef"
    std::string path;
    std::vector<std::string> inputs; // graph input node names
    std::vector<std::string> outputs; // graph output tensor/node names

    // The pooled copy of `text`: what a node's string_views must point to.
    std::string_view intern(std::string_view text) { return m_strings->intern(text); }
    const std::shared_ptr<StringPool> &strings() const { return m_strings; }

    // A copy of `items` in the pool's arena, for a node of this graph (or of one sharing its
    // pool): the node's inputs, outputs and control inputs.
    template<typename T> PooledSpan<T> store(std::span<const T> items)
    {
        return PooledSpan<T>(m_strings->arena().copy(items));
    }
    template<typename T> PooledSpan<T> store(const std::vector<T> &items)
    {
        return store(std::span<const T>(items));
    }
    template<typename T> PooledSpan<T> store(std::initializer_list<T> items)
    {
        return store(std::span<const T>(items.begin(), items.size()));
    }
    // `items` with `count` items, those past the old end default ones. Growing stores a new run
    // (the arena keeps the old one until the graph goes): for the rare list an importer extends
    // after the node was added, not for building nodes item by item.
    template<typename T> void resize(PooledSpan<T> &items, std::size_t count)
    {
        if (count <= items.size()) {
            items = PooledSpan<T>(std::span<T>(items.begin(), count));
            return;
        }
        std::vector<T> grown(items.begin(), items.end());
        grown.resize(count);
        items = store(grown);
    }
    // A tensor shape in the arena.
    std::span<const std::int64_t> storeShape(std::span<const std::int64_t> dims)
    {
        return m_strings->arena().copy(dims);
    }

    std::vector<Node> &nodes() { return m_nodes; }
    const std::vector<Node> &nodes() const { return m_nodes; }
    Node &addNode(Node node);
    int indexOf(std::string_view name) const; // -1 when absent

    // Resolves every NodeInput::producer still unresolved (-1) from its producerName; reports each
    // missing producer as a diagnostic (the input stays unresolved, the node is kept). An importer
    // may link inputs itself first, to the first node of the name as here.
    std::vector<Diagnostic> linkProducers();

    // Kahn's algorithm, ties by file order. Nodes on a cycle are left out and reported.
    std::vector<int> topologicalOrder(std::vector<Diagnostic> *diagnostics = nullptr) const;

    // Nodes that were in the file (not the boundary nodes an importer made), this graph only.
    std::size_t fileNodeCount() const;
    // The same including nested subgraphs.
    std::size_t totalFileNodeCount() const;

private:
    HashIndex::Probe probe(std::string_view name, std::uint32_t hash) const;
    void indexNewNodes() const;

    std::shared_ptr<StringPool> m_strings;
    std::vector<Node> m_nodes;
    // Nodes are indexed by name when a name is first looked up, not as they are added: reading a
    // graph to count, list or draw it looks none up (`graph info` on 186,000 nodes: 4 MB and a
    // hash per node less). Under the lock, as indexOf is const and may be called from threads.
    mutable HashIndex m_byName; // node index + 1 by name, first definition of a name only
    mutable std::size_t m_indexed = 0; // nodes [0, m_indexed) are in m_byName
    mutable std::unique_ptr<std::mutex> m_indexLock = std::make_unique<std::mutex>();
};

inline SubgraphList::~SubgraphList() = default;
inline SubgraphList &SubgraphList::operator=(SubgraphList &&) noexcept = default;

// Ops GE does not decide (SEMANTICS §8.1): they keep the graph's dtypes.
bool isBoundaryOpType(std::string_view opType);
// Const / Constant / Variable: inputs fed by these are "weights" (G1, C1).
bool isConstantOpType(std::string_view opType);

} // namespace opsinfo
