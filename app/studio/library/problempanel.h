#pragma once

#include <QWidget>

#include <functional>
#include <string>
#include <string_view>

class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace opsinfo {

class LibraryDocument;
class ProblemModel;

// What the compiler would refuse in the opened library, shown instead of refusing to open it: the
// problems with their positions and the raw text of the entry the selected problem is in. Hidden
// while the library has no problem. The refusal banner (refusalBannerText) is the owner's.
class ProblemPanel : public QWidget
{
    Q_OBJECT

public:
    // A library file's bytes as opened (empty: not known), for the entry's raw text.
    using OpenedBytes = std::function<std::string_view(const std::string &file)>;

    explicit ProblemPanel(LibraryDocument *document, QWidget *parent = nullptr);

    void setOpenedBytes(OpenedBytes openedBytes) { m_openedBytes = std::move(openedBytes); }
    ProblemModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QPlainTextEdit *entryText() const { return m_entry; }
    QPushButton *applyFixButton() const { return m_applyFix; }

signals:
    // The user picked a problem inside this op type's entry.
    void typeActivated(const QString &type);

private:
    void update();
    void showProblem(int row);
    void updateFixButton();
    void applyFix();

    LibraryDocument *m_document;
    ProblemModel *m_model;
    QPushButton *m_applyFix;
    QTableView *m_table;
    QPlainTextEdit *m_entry;
    OpenedBytes m_openedBytes;
};

// The banner above the library when the compiler refuses it: "The compiler refuses this store:
// 2 problems ...".
QString refusalBannerText(int errors);

} // namespace opsinfo
