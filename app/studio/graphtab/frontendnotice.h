#pragma once

#include <QLabel>

namespace opsinfo {

class GraphTabState;

// Said before any result while a front end is chosen: the front end, the mode the preview runs
// with ("default for this front end" where it is), every setting that does nothing on that path
// (F3) and how the path is read (F1/F2). Hidden without a front end.
class FrontEndNotice : public QLabel
{
    Q_OBJECT

public:
    explicit FrontEndNotice(GraphTabState *preview, QWidget *parent = nullptr);

    void update();

private:
    GraphTabState *m_state;
};

} // namespace opsinfo
