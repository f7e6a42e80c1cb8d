#include "studio/document/frontendcombo.h"

#include "studio/document/frontendchoice.h"

namespace opsinfo {

FrontEndCombo::FrontEndCombo(FrontEndChoice *choice, QWidget *parent)
    : QComboBox(parent)
    , m_choice(choice)
{
    addItem(FrontEndChoice::label(std::nullopt), QString());
    for (FrontEnd frontEnd : kAllFrontEnds)
        addItem(FrontEndChoice::label(frontEnd), QString::fromLatin1(frontEndId(frontEnd)));
    setToolTip(
        tr("The path your model takes to the NPU: its default precision mode, and the settings "
           "it passes to the compiler (FRONTENDS.md F1)"));
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(18);
    follow();
    connect(this, &QComboBox::currentIndexChanged, this,
            [this] { m_choice->setId(currentData().toString()); });
    connect(m_choice, &FrontEndChoice::changed, this, &FrontEndCombo::follow);
}

void FrontEndCombo::follow()
{
    const QSignalBlocker block(this);
    setCurrentIndex(std::max(0, findData(m_choice->id())));
}

} // namespace opsinfo
