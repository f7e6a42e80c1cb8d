#pragma once

#include "diff/atlassources.h"

#include <QWidget>

#include <memory>
#include <vector>

class QAction;
class QCheckBox;
class QLabel;
class QLineEdit;
class QTableView;
class QToolButton;

namespace opsinfo {

class AtlasFilterProxy;
class AtlasModel;
class DocumentIo;
class OpLibrary;
class Workspace;

// The policy atlas: many SoCs, CANN versions or user copies at once, a row per op type and a
// column per source, each cell its list colour (crossed out where the type is missing, a corner
// mark where the entry has no fp16/bf16/fp32 column), differing rows first. Libraries load and
// the atlas is built on the worker thread; the table is a virtualised QTableView, so 17 SoCs x
// 1,100 op types scroll freely.
class AtlasView : public QWidget
{
    Q_OBJECT

public:
    AtlasView(Workspace *workspace, DocumentIo *io, QWidget *parent = nullptr);
    ~AtlasView() override;

    AtlasModel *model() const { return m_model; }
    AtlasFilterProxy *proxy() const { return m_proxy; }
    QTableView *table() const { return m_table; }
    // Add Folder..., Add Library Files..., Add the Open Library, Clear: for the view's buttons.
    const QList<QAction *> &sourceActions() const { return m_sourceActions; }
    // For File > Export: the atlas as CSV and as SVG.
    const QList<QAction *> &exportActions() const { return m_exportActions; }

    // Library files, soc folders, or opp / store / config folders: each of the latter offers every
    // soc folder in it (the prompt chooses). False when nothing was added.
    bool addPaths(const QStringList &paths);
    // These soc folders of an opp, store or config folder, without asking.
    bool addSocs(const QString &path, const QStringList &socs);
    // The open library with its edits (and the mixlist when "apply the mixlist" is on), as it is
    // now; added again it is replaced.
    void addOpenLibrary();
    void clear();
    void setApplyMixlist(bool on);
    QStringList sourceNames() const;
    // The files and folders the columns were read from: an export never writes over them.
    QStringList inputPaths() const;

    bool exportCsv(const QString &path = {});
    bool exportSvg(const QString &path = {});

signals:
    void atlasChanged();

private:
    struct Source;

    void createWidgets();
    void arrange();
    void rebuild(std::vector<Source> added);
    void updateSummary();

    Workspace *m_workspace;
    DocumentIo *m_io;
    AtlasModel *m_model;
    AtlasFilterProxy *m_proxy;
    QTableView *m_table = nullptr;
    QLineEdit *m_filter = nullptr;
    QCheckBox *m_differingOnly = nullptr;
    QCheckBox *m_applyMixlist = nullptr;
    QToolButton *m_add = nullptr;
    QLabel *m_summary = nullptr;
    QList<QAction *> m_sourceActions;
    QList<QAction *> m_exportActions;
    std::vector<Source> m_sources;
};

} // namespace opsinfo
