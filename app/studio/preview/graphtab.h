#pragma once

#include <QObject>
#include <QString>

class QAction;
class QMenu;

namespace opsinfo {

class GraphPreview;
class GraphPreviewWidget;
class MainWindow;
class UserPrompt;

// Puts the graph preview into the main window: the Graph tab, File > Open Graph..., the File >
// Export entries (per-node report JSON/CSV, graph SVG/PNG, keep_dtype from the selected nodes), the
// library's "used in graph" filter. Every question goes through the window's UserPrompt.
class GraphTab : public QObject
{
    Q_OBJECT

public:
    explicit GraphTab(MainWindow *window);

    GraphPreview *preview() const { return m_preview; }
    GraphPreviewWidget *widget() const { return m_widget; }

    // The embedded sample graph; a node is selected so the side pane has something to read.
    bool openSample();
    bool openGraph(const QString &path);
    // A graph file (by content), not a library or mixlist.
    static bool isGraphFile(const QString &path);

    // Exports; an empty path asks for one. False when nothing was written (and the prompt said why).
    bool exportReportJson(const QString &path = {});
    bool exportReportCsv(const QString &path = {});
    bool exportGraphSvg(const QString &path = {});
    bool exportGraphPng(const QString &path = {});
    bool exportKeepDtype(const QString &path = {});

private:
    void createActions();
    QMenu *exportMenu();
    UserPrompt *prompt() const;
    QString askPath(const QString &path, const QString &title, const QString &suggested, const QString &filter);
    bool needResult();
    bool write(const QString &path, const std::string &bytes);

    MainWindow *m_window;
    GraphPreview *m_preview;
    GraphPreviewWidget *m_widget;
};

} // namespace opsinfo
