#pragma once

#include <QComboBox>

namespace opsinfo {

class FrontEndChoice;

// A picker bound both ways to the session's FrontEndChoice: "Any" first, then every front end of
// FRONTENDS.md F1 (id and product name; the item data is the id, empty for Any).
class FrontEndCombo : public QComboBox
{
    Q_OBJECT

public:
    FrontEndCombo(FrontEndChoice *choice, QWidget *parent = nullptr);

private:
    void follow();

    FrontEndChoice *m_choice;
};

} // namespace opsinfo
