#pragma once

#include <QTableView>

namespace opsinfo {

class TransitionMatrixModel;

// The transition matrix as a grid of cells: a bar split into side A's list colour (left) and side
// B's (right) over the count; changes bold, the diagonal (unchanged) pale. A click on a cell picks
// its transition (cellPicked), a second click on it clears the pick (cellPicked("")).
class TransitionMatrixView : public QTableView
{
    Q_OBJECT

public:
    explicit TransitionMatrixView(TransitionMatrixModel *model, QWidget *parent = nullptr);

    // Marks the cell of `transition` ("" or a transition without a cell clears) without emitting
    // cellPicked.
    void setPicked(const QString &transition);
    QString picked() const { return m_picked; }
    // Where the cell of `transition` is, in viewport coordinates (tests click there).
    QRect cellRect(const QString &transition) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void cellPicked(const QString &transition);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void pick(const QModelIndex &index);

    TransitionMatrixModel *m_model;
    QString m_picked;
};

} // namespace opsinfo
