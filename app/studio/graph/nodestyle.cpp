#include "nodestyle.h"

#include "common/nodefill.h"

#include <QCoreApplication>

#include <array>

namespace opsinfo {

namespace {

NodeFill fillOf(NodeStyle::Kind kind)
{
    switch (kind) {
    case NodeStyle::Fp16:
        return NodeFill::Float16;
    case NodeStyle::Bf16:
        return NodeFill::BFloat16;
    case NodeStyle::Fp32:
        return NodeFill::Float32;
    case NodeStyle::AiCpu:
        return NodeFill::AiCpu;
    case NodeStyle::Error:
        return NodeFill::Error;
    case NodeStyle::NotFe:
        return NodeFill::NotJudged;
    case NodeStyle::Undecided:
        break;
    }
    return NodeFill::Other;
}

} // namespace

QColor nodeStyleColor(NodeStyle::Kind kind)
{
    // Parsed once: the painter asks for these on every frame.
    static const auto colours = [] {
        std::array<QColor, NodeStyle::kindCount> parsed;
        for (int k = 0; k < NodeStyle::kindCount; ++k)
            parsed[std::size_t(k)] = QColor(nodeFillColour(fillOf(NodeStyle::Kind(k))));
        return parsed;
    }();
    return colours[std::size_t(kind)];
}

QColor nodeStyleTextColor(NodeStyle::Kind kind)
{
    switch (kind) {
    case NodeStyle::Fp16:
    case NodeStyle::Bf16:
    case NodeStyle::AiCpu:
    case NodeStyle::Error:
        return Qt::white;
    default:
        return QColor(0x21, 0x21, 0x21);
    }
}

QString nodeStyleName(NodeStyle::Kind kind)
{
    switch (kind) {
    case NodeStyle::Fp16:
        return QCoreApplication::translate("NodeStyle", "float16");
    case NodeStyle::Bf16:
        return QCoreApplication::translate("NodeStyle", "bfloat16");
    case NodeStyle::Fp32:
        return QCoreApplication::translate("NodeStyle", "float32");
    case NodeStyle::AiCpu:
        return QCoreApplication::translate("NodeStyle", "AI CPU");
    case NodeStyle::Error:
        return QCoreApplication::translate("NodeStyle", "error");
    case NodeStyle::NotFe:
        return QCoreApplication::translate("NodeStyle", "not an FE op");
    case NodeStyle::Undecided:
        break;
    }
    return QCoreApplication::translate("NodeStyle", "undecided");
}

QColor castMarkColor()
{
    return QColor(0xd8, 0x1b, 0x60);
}

QColor changedNodeColor()
{
    return QColor(0x6a, 0x1b, 0x9a);
}

QColor nodeBadgeColor(NodeStyle::Badge badge)
{
    switch (badge) {
    case NodeStyle::Measured:
        return QColor(0x43, 0xa0, 0x47);
    case NodeStyle::Warning:
        return QColor(0xfb, 0x8c, 0x00);
    case NodeStyle::Flagged:
        return QColor(0xe5, 0x39, 0x35);
    case NodeStyle::TimeLow:
        return QColor(0xb0, 0xbe, 0xc5);
    case NodeStyle::TimeMedium:
        return QColor(0xff, 0xb3, 0x00);
    case NodeStyle::TimeHigh:
        return QColor(0xd8, 0x43, 0x15);
    case NodeStyle::NoBadge:
        break;
    }
    return QColor();
}

NodeStyle::Badge worseBadge(NodeStyle::Badge a, NodeStyle::Badge b)
{
    // Within each measure the enum order is the order of alarm; accuracy outranks time.
    return a == NodeStyle::NoBadge ? b : b == NodeStyle::NoBadge ? a : std::max(a, b);
}

QColor nodeEngineColor(NodeStyle::Engine engine)
{
    // Dark enough to read as a stripe on every fill colour; GE's green is the charts' (C2).
    switch (engine) {
    case NodeStyle::AiCoreEngine:
        return QColor(0x26, 0x32, 0x38);
    case NodeStyle::AiCpuEngine:
        return QColor(0x4e, 0x34, 0x2e);
    case NodeStyle::GeEngine:
        return QColor(0x00, 0x9e, 0x73);
    case NodeStyle::NoEngine:
        break;
    }
    return QColor(0x90, 0xa4, 0xae);
}

QString nodeEngineName(NodeStyle::Engine engine)
{
    switch (engine) {
    case NodeStyle::AiCoreEngine:
        return QCoreApplication::translate("NodeStyle", "AI Core");
    case NodeStyle::AiCpuEngine:
        return QCoreApplication::translate("NodeStyle", "AI CPU");
    case NodeStyle::GeEngine:
        return QCoreApplication::translate("NodeStyle", "GE op");
    case NodeStyle::NoEngine:
        break;
    }
    return QCoreApplication::translate("NodeStyle", "none");
}

QString nodeEngineLegend(NodeStyle::Engine engine)
{
    switch (engine) {
    case NodeStyle::AiCoreEngine:
        return QCoreApplication::translate("NodeStyle", "AI Core: judged, runs as a kernel (M11)");
    case NodeStyle::AiCpuEngine:
        return QCoreApplication::translate("NodeStyle", "AI CPU: check-support rejects it (M11)");
    case NodeStyle::GeEngine:
        return QCoreApplication::translate("NodeStyle",
                                           "GE op: opFile Null, judged, no kernel (M9)");
    case NodeStyle::NoEngine:
        break;
    }
    return QCoreApplication::translate("NodeStyle", "no engine: FE never decides it (§8.1)");
}

} // namespace opsinfo
