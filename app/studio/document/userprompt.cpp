#include "document/userprompt.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>

namespace opsinfo {

// lupdate finds strings only in tr() of a class it knows; the macro names the context.
struct PromptText
{
    Q_DECLARE_TR_FUNCTIONS(UserPrompt)
};

UserPrompt::ChangedOnDiskAnswer DialogPrompt::fileChangedOnDisk(const QString &path,
                                                                const QString &details)
{
    QMessageBox box(QMessageBox::Warning, PromptText::tr("File changed on disk"),
                    PromptText::tr("%1 was changed by another program since you opened it.").arg(path),
                    QMessageBox::NoButton, m_parent);
    box.setInformativeText(PromptText::tr("Nothing was written. Save your edits under another name "
                                    "and compare, or overwrite the other program's changes."));
    box.setDetailedText(details);
    QPushButton *saveAs = box.addButton(PromptText::tr("Save As..."), QMessageBox::AcceptRole);
    QPushButton *overwrite = box.addButton(PromptText::tr("Overwrite"), QMessageBox::DestructiveRole);
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

UserPrompt::ChangedOnDiskAnswer ScriptedPrompt::fileChangedOnDisk(const QString &path,
                                                                  const QString &)
{
    log.append(QStringLiteral("changedOnDisk: ") + path);
    return changedOnDiskAnswer;
}

UserPrompt::UnsavedAnswer ScriptedPrompt::unsavedChanges(const QString &what)
{
    log.append(QStringLiteral("unsaved: ") + what);
    return unsavedAnswer;
}

void ScriptedPrompt::error(const QString &title, const QString &message, const QString &advice)
{
    log.append(QStringLiteral("error: %1: %2 (%3)").arg(title, message, advice));
}

void ScriptedPrompt::information(const QString &title, const QString &message)
{
    log.append(QStringLiteral("information: %1: %2").arg(title, message));
}

QString ScriptedPrompt::saveFileName(const QString &title, const QString &, const QString &)
{
    log.append(QStringLiteral("saveFileName: ") + title);
    return nextFileName();
}

QString ScriptedPrompt::openFileName(const QString &title, const QString &)
{
    log.append(QStringLiteral("openFileName: ") + title);
    return nextFileName();
}

QString ScriptedPrompt::openDirectory(const QString &title)
{
    log.append(QStringLiteral("openDirectory: ") + title);
    return nextFileName();
}

QString ScriptedPrompt::nextFileName()
{
    return fileNames.isEmpty() ? QString() : fileNames.takeFirst();
}

} // namespace opsinfo
