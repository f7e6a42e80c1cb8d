#include "studio/diff/transitionmatrixview.h"

#include "studio/diff/transitionmatrixmodel.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QStyledItemDelegate>

#include <algorithm>

namespace opsinfo {

namespace {

constexpr int kCellWidth = 84;
constexpr int kCellHeight = 48;

class MatrixCellDelegate : public QStyledItemDelegate
{
public:
    explicit MatrixCellDelegate(const TransitionMatrixView *view)
        : QStyledItemDelegate(const_cast<TransitionMatrixView *>(view))
        , m_view(view)
    {
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        if (!(index.flags() & Qt::ItemIsEnabled))
            return;
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        const QRectF cell = QRectF(option.rect).adjusted(3, 3, -3, -3);
        const bool selected
            = index.data(TransitionMatrixModel::TransitionRole).toString() == m_view->picked();
        const bool focused = (option.state & QStyle::State_HasFocus) && m_view->hasFocus();
        const bool diagonal = index.data(TransitionMatrixModel::DiagonalRole).toBool();
        painter->setPen(QPen(selected ? QColor(0x00, 0x96, 0x88) : QColor(0xcf, 0xd8, 0xdc),
                             selected ? 2.5 : 1.0));
        painter->setBrush(diagonal ? QColor(0xf5, 0xf5, 0xf5) : QColor(Qt::white));
        painter->drawRoundedRect(cell, 3, 3);
        if (focused && !selected) {
            painter->setPen(QPen(QColor(0x00, 0x96, 0x88), 1, Qt::DotLine));
            painter->setBrush(Qt::NoBrush);
            painter->drawRoundedRect(cell.adjusted(2, 2, -2, -2), 3, 3);
        }
        // The bar: A's colour on the left, B's on the right; white with a dashed edge for absent.
        const QRectF bar(cell.left() + 6, cell.top() + 6, cell.width() - 12, 9);
        const QRectF halves[2]
            = {QRectF(bar.left(), bar.top(), bar.width() / 2, bar.height()),
               QRectF(bar.center().x(), bar.top(), bar.width() / 2, bar.height())};
        const QVariant colours[2] = {index.data(TransitionMatrixModel::ColourARole),
                                     index.data(TransitionMatrixModel::ColourBRole)};
        for (int i = 0; i < 2; ++i) {
            const bool absent = !colours[i].isValid();
            painter->setPen(
                QPen(QColor(0x75, 0x75, 0x75), 1, absent ? Qt::DashLine : Qt::SolidLine));
            painter->setBrush(absent ? QColor(Qt::white) : colours[i].value<QColor>());
            painter->drawRect(halves[i]);
        }
        const qulonglong count = index.data().toULongLong();
        QFont font = option.font;
        font.setPointSizeF(font.pointSizeF() * 1.35);
        font.setBold(!diagonal && count > 0);
        painter->setFont(font);
        painter->setPen(diagonal || count == 0 ? QColor(0x9e, 0x9e, 0x9e)
                                               : QColor(0x21, 0x21, 0x21));
        painter->drawText(cell.adjusted(0, bar.height() + 6, 0, 0), Qt::AlignCenter,
                          QString::number(count));
        painter->restore();
    }

    QSize sizeHint(const QStyleOptionViewItem &, const QModelIndex &) const override
    {
        return {kCellWidth, kCellHeight};
    }

private:
    const TransitionMatrixView *m_view;
};

} // namespace

TransitionMatrixView::TransitionMatrixView(TransitionMatrixModel *model, QWidget *parent)
    : QTableView(parent)
    , m_model(model)
{
    setModel(model);
    setItemDelegate(new MatrixCellDelegate(this));
    setSelectionMode(QAbstractItemView::NoSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setShowGrid(false);
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    horizontalHeader()->setDefaultSectionSize(kCellWidth);
    horizontalHeader()->setHighlightSections(false);
    verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    verticalHeader()->setDefaultSectionSize(kCellHeight);
    verticalHeader()->setHighlightSections(false);
    // The grid is as big as its cells: 3x3, or 4x4 with the absent row and column.
    connect(model, &QAbstractItemModel::modelReset, this, [this] { setFixedSize(sizeHint()); });
    setFixedSize(sizeHint());
    setToolTip(tr("Rows: the colour on side A; columns: the colour on side B. Click a cell to list "
                  "its op types (and mark them in the graph); click it again for all."));
}

void TransitionMatrixView::setPicked(const QString &transition)
{
    const QModelIndex index = transition.isEmpty() ? QModelIndex() : m_model->indexOf(transition);
    m_picked = index.isValid() ? transition : QString();
    if (index.isValid())
        setCurrentIndex(index);
    viewport()->update();
}

QRect TransitionMatrixView::cellRect(const QString &transition) const
{
    return visualRect(m_model->indexOf(transition));
}

void TransitionMatrixView::pick(const QModelIndex &index)
{
    if (!index.isValid() || !(index.flags() & Qt::ItemIsEnabled))
        return;
    const QString transition = index.data(TransitionMatrixModel::TransitionRole).toString();
    const bool again = picked() == transition;
    setPicked(again ? QString() : transition);
    emit cellPicked(again ? QString() : transition);
}

void TransitionMatrixView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        setFocus(Qt::MouseFocusReason);
        pick(indexAt(event->position().toPoint()));
        event->accept();
        return;
    }
    QTableView::mousePressEvent(event);
}

void TransitionMatrixView::keyPressEvent(QKeyEvent *event)
{
    // Arrows move the focus; Space or Enter picks the cell, as a click does.
    if (event->key() == Qt::Key_Space || event->key() == Qt::Key_Return
        || event->key() == Qt::Key_Enter) {
        pick(currentIndex());
        event->accept();
        return;
    }
    QTableView::keyPressEvent(event);
}

QSize TransitionMatrixView::sizeHint() const
{
    const int n = std::max(3, m_model->rowCount());
    return {verticalHeader()->sizeHint().width() + n * kCellWidth + 2 * frameWidth() + 4,
            horizontalHeader()->sizeHint().height() + n * kCellHeight + 2 * frameWidth() + 4};
}

QSize TransitionMatrixView::minimumSizeHint() const
{
    return sizeHint();
}

} // namespace opsinfo
