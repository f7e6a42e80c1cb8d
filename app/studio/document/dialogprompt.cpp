#include "studio/document/dialogprompt.h"

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace opsinfo {

// lupdate finds strings only in tr() of a class it knows; the macro names the context.
struct PromptText
{
    Q_DECLARE_TR_FUNCTIONS(UserPrompt)
};

UserPrompt::ChangedOnDiskAnswer DialogPrompt::fileChangedOnDisk(const QString &path,
                                                                const QString &details)
{
    QMessageBox box(
        QMessageBox::Warning, PromptText::tr("File changed on disk"),
        PromptText::tr("%1 was changed by another program since you opened it.").arg(path),
        QMessageBox::NoButton, m_parent);
    box.setInformativeText(
        PromptText::tr("Nothing was written. Save your edits under another name "
                       "and compare, or overwrite the other program's changes."));
    box.setDetailedText(details);
    QPushButton *saveAs = box.addButton(PromptText::tr("Save As..."), QMessageBox::AcceptRole);
    QPushButton *overwrite
        = box.addButton(PromptText::tr("Overwrite"), QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(saveAs);
    box.exec();
    if (box.clickedButton() == saveAs)
        return ChangedOnDiskAnswer::SaveAs;
    if (box.clickedButton() == overwrite)
        return ChangedOnDiskAnswer::Overwrite;
    return ChangedOnDiskAnswer::Cancel;
}

UserPrompt::UnsavedAnswer DialogPrompt::unsavedChanges(const QString &what)
{
    const auto button = QMessageBox::warning(
        m_parent, PromptText::tr("Unsaved changes"),
        PromptText::tr("%1 has unsaved changes. Save them first?").arg(what),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (button == QMessageBox::Save)
        return UnsavedAnswer::Save;
    if (button == QMessageBox::Discard)
        return UnsavedAnswer::Discard;
    return UnsavedAnswer::Cancel;
}

void DialogPrompt::error(const QString &title, const QString &message, const QString &advice)
{
    QMessageBox box(QMessageBox::Critical, title, message, QMessageBox::Ok, m_parent);
    box.setInformativeText(advice);
    box.exec();
}

void DialogPrompt::information(const QString &title, const QString &message)
{
    QMessageBox::information(m_parent, title, message);
}

QString DialogPrompt::saveFileName(const QString &title, const QString &suggested,
                                   const QString &filter)
{
    return QFileDialog::getSaveFileName(m_parent, title, suggested, filter);
}

QString DialogPrompt::openFileName(const QString &title, const QString &filter)
{
    return QFileDialog::getOpenFileName(m_parent, title, QString(), filter);
}

QString DialogPrompt::openDirectory(const QString &title)
{
    return QFileDialog::getExistingDirectory(m_parent, title);
}

QStringList DialogPrompt::openFileNames(const QString &title, const QString &filter)
{
    return QFileDialog::getOpenFileNames(m_parent, title, QString(), filter);
}

QString DialogPrompt::chooseOne(const QString &title, const QString &message,
                                const QStringList &items)
{
    bool ok = false;
    const QString item = QInputDialog::getItem(m_parent, title, message, items, 0, false, &ok);
    return ok ? item : QString();
}

QStringList DialogPrompt::chooseItems(const QString &title, const QString &message,
                                      const QStringList &items)
{
    QDialog dialog(m_parent);
    dialog.setWindowTitle(title);
    auto *list = new QListWidget(&dialog);
    for (const QString &item : items) {
        auto *row = new QListWidgetItem(item, list);
        row->setFlags(row->flags() | Qt::ItemIsUserCheckable);
        row->setCheckState(Qt::Checked);
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QPushButton *all
        = buttons->addButton(PromptText::tr("Check All"), QDialogButtonBox::ActionRole);
    QPushButton *none
        = buttons->addButton(PromptText::tr("Check None"), QDialogButtonBox::ActionRole);
    auto checkAll = [list](Qt::CheckState state) {
        for (int i = 0; i < list->count(); ++i)
            list->item(i)->setCheckState(state);
    };
    QObject::connect(all, &QPushButton::clicked, &dialog, [checkAll] { checkAll(Qt::Checked); });
    QObject::connect(none, &QPushButton::clicked, &dialog, [checkAll] { checkAll(Qt::Unchecked); });
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *label = new QLabel(message, &dialog);
    label->setWordWrap(true);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(label);
    layout->addWidget(list, 1);
    layout->addWidget(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return {};
    QStringList chosen;
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->checkState() == Qt::Checked)
            chosen.append(list->item(i)->text());
    return chosen;
}

} // namespace opsinfo
