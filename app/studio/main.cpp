#include "studio/diff/atlasview.h"
#include "studio/mainwindow/mainwindow.h"

#include "studio/common/translations.h"

#include "common/outputfile.h"
#include "studio/document/documentio.h"
#include "studio/document/scriptedprompt.h"

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QPixmap>
#include <QTimer>

#include <cstdio>
#include <cstring>

using namespace opsinfo;

namespace {

// --screenshot renders without a display: the platform is chosen before QApplication exists.
void renderOffscreenForScreenshot(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--screenshot") == 0
            && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
}

void describeApplication()
{
    QApplication::setOrganizationName(QStringLiteral("OpsInfo"));
    QApplication::setApplicationName(QStringLiteral("OpsInfo Studio"));
    // Lets Wayland and the desktop match windows to resources/desktop/opsinfo-studio.desktop.
    QGuiApplication::setDesktopFileName(QStringLiteral("opsinfo-studio"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    // Before the first translated text (even --help): the saved View > Language, else the system
    // locale.
    Translations::install(Translations::localeFor(Translations::savedChoice()));
}

// The options of the command line beside --help, --version and the files.
struct StudioOptions
{
    const QCommandLineOption screenshot {
        QStringLiteral("screenshot"),
        QApplication::translate("main", "Render the window to FILE.png and exit."),
        QStringLiteral("FILE")};
    const QCommandLineOption view {
        QStringLiteral("view"),
        QApplication::translate("main",
                                "View to show: library, mixlist, graph, diff, atlas, matrix "
                                "(the diff with its biggest change picked), graphdiff or advisor."),
        QStringLiteral("VIEW"), QStringLiteral("library")};
    const QCommandLineOption atlas {
        QStringLiteral("atlas"),
        QApplication::translate("main",
                                "Add PATH to the policy atlas (an opp folder adds every soc "
                                "folder in it); repeatable."),
        QStringLiteral("PATH")};
};

void processCommandLine(QCommandLineParser &parser, const StudioOptions &options,
                        const QApplication &app)
{
    parser.setApplicationDescription(
        QApplication::translate("main", "Browse and edit Ascend ops-info libraries and mixlists."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(options.screenshot);
    parser.addOption(options.view);
    parser.addOption(options.atlas);
    parser.addPositionalArgument(
        QStringLiteral("files"),
        QApplication::translate(
            "main", "Library files or folders, mixlists, graphs, evidence files (CSV, dump.json)."),
        QStringLiteral("[files...]"));
    parser.process(app);
}

// Writes the window as PNG to `path`; 0, or 2 when it cannot be encoded or written.
int saveScreenshot(MainWindow &window, const QString &path)
{
    const QPixmap pixmap = window.grab();
    QBuffer png;
    png.open(QIODevice::WriteOnly);
    if (!pixmap.save(&png, "PNG")) {
        std::fprintf(stderr, "opsinfo-studio: cannot encode the screenshot\n");
        return 2;
    }
    // The one writer, as every file the app writes: atomic, never over an input.
    InputSet inputs;
    for (const QString &input : window.openInputs())
        inputs.add(input.toStdString());
    OutputOptions options;
    options.inputs = &inputs;
    options.audience = WriteAudience::Cli;
    const OutputResult written = writeOutputFile(
        path.toStdString(),
        std::string_view(png.data().constData(), std::size_t(png.data().size())), options);
    if (!written.diagnostics.empty())
        std::fprintf(stderr, "opsinfo-studio: %s\n",
                     qPrintable(DocumentIo::joinDiagnostics(written.diagnostics)));
    return written.ok ? 0 : 2;
}

} // namespace

int main(int argc, char *argv[])
{
    renderOffscreenForScreenshot(argc, argv);
    QApplication app(argc, argv);
    describeApplication();
    QCommandLineParser parser;
    const StudioOptions options;
    processCommandLine(parser, options, app);

    MainWindow::View startView = MainWindow::View::Library;
    if (!MainWindow::parseView(parser.value(options.view), &startView)) {
        std::fprintf(
            stderr,
            "opsinfo-studio: unknown view '%s' (library, mixlist, graph, diff, atlas, matrix, "
            "graphdiff, advisor)\n",
            qPrintable(parser.value(options.view)));
        return 2;
    }

    MainWindow window;
    const bool shooting = parser.isSet(options.screenshot);
    ScriptedPrompt quietPrompt; // a screenshot run must never wait for a click
    if (shooting) {
        window.setPersistSettings(false);
        window.setPrompt(&quietPrompt);
    } else {
        window.restoreSettings();
    }
    bool opened = window.openPaths(parser.positionalArguments());
    if (parser.isSet(options.atlas))
        opened = window.atlasView()->addPaths(parser.values(options.atlas)) && opened;
    window.showView(startView);
    window.show();

    if (!shooting)
        return app.exec();

    window.setPrompt(&quietPrompt);
    window.showDialogMessages(quietPrompt.dialogs);
    int status = 0;
    QTimer::singleShot(0, &window, [&] {
        status = saveScreenshot(window, parser.value(options.screenshot));
        for (const QString &line : quietPrompt.log)
            std::fprintf(stderr, "%s\n", qPrintable(line));
        if (!opened && status == 0)
            status = 1;
        app.quit();
    });
    app.exec();
    return status;
}
