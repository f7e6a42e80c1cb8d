#include "studio/diff/atlasview.h"

#include "export/policyatlasexport.h"
#include "library/libraryloader.h"
#include "library/socfolders.h"
#include "studio/common/policystyle.h"
#include "studio/diff/atlasfilterproxy.h"
#include "studio/diff/atlasmodel.h"
#include "studio/document/documentio.h"
#include "studio/document/librarydocument.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/userprompt.h"
#include "studio/document/workspace.h"
#include "studio/tasks/taskrunner.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QPainter>
#include <QPixmap>
#include <QStyleOptionHeader>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace opsinfo {

struct AtlasView::Source
{
    AtlasSourceSpec spec; // empty path: the open library
    QString openName; // the open library's display name
    std::shared_ptr<const OpLibrary> library; // null until loaded
};

namespace {

constexpr int kSourceWidth = 30;

// Source names written upwards, so that 17 SoCs fit side by side.
class VerticalHeader : public QHeaderView
{
public:
    explicit VerticalHeader(QWidget *parent)
        : QHeaderView(Qt::Horizontal, parent)
    {
        setSectionsClickable(true);
        setHighlightSections(false);
    }

protected:
    QSize sizeHint() const override
    {
        QSize size = QHeaderView::sizeHint();
        int longest = 0;
        if (model())
            for (int c = AtlasModel::FirstSourceColumn; c < model()->columnCount(); ++c)
                longest = std::max(longest,
                                   fontMetrics().horizontalAdvance(
                                       model()->headerData(c, Qt::Horizontal).toString()));
        size.setHeight(std::max(size.height(), std::min(longest + 16, 140)));
        return size;
    }

    void paintSection(QPainter *painter, const QRect &rect, int logicalIndex) const override
    {
        if (logicalIndex < AtlasModel::FirstSourceColumn) {
            QHeaderView::paintSection(painter, rect, logicalIndex);
            return;
        }
        painter->save();
        QStyleOptionHeader frame;
        initStyleOption(&frame);
        frame.rect = rect;
        frame.section = logicalIndex;
        style()->drawControl(QStyle::CE_HeaderSection, &frame, painter, this);
        const QString text = model()->headerData(logicalIndex, Qt::Horizontal).toString();
        const QFontMetrics metrics = fontMetrics();
        const int length = rect.height() - 10;
        // Upwards from the bottom of the section, centred in its width.
        painter->translate(rect.left() + (rect.width() - metrics.height()) / 2, rect.bottom() - 5);
        painter->rotate(-90);
        painter->setPen(palette().color(QPalette::ButtonText));
        painter->drawText(QRect(0, 0, length, metrics.height()), Qt::AlignLeft | Qt::AlignVCenter,
                          metrics.elidedText(text, Qt::ElideMiddle, length));
        painter->restore();
    }
};

// A source cell: its list colour; absent crossed out on white; a corner mark for a missing
// fp16/bf16/fp32 column.
class AtlasCellDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        if (index.column() < AtlasModel::FirstSourceColumn) {
            QStyledItemDelegate::paint(painter, option, index);
            return;
        }
        if (option.state & QStyle::State_Selected)
            painter->fillRect(option.rect, option.palette.highlight());
        const int policy = index.data(AtlasModel::PolicyRole).toInt();
        const bool lacking
            = policy >= 0 && !index.data(AtlasModel::LackingRole).toString().isEmpty();
        painter->drawPixmap(
            option.rect.topLeft(),
            glyph(option.rect.size(), policy, lacking, painter->device()->devicePixelRatioF()));
    }

private:
    // A screen of the 17-SoC atlas is some 500 cells of a handful of looks; drawing each with
    // dashed pens took most of a repaint (perf), so each look is drawn once per cell size and
    // then copied.
    const QPixmap &glyph(QSize size, int policy, bool lacking, qreal ratio) const
    {
        if (ratio != m_ratio) {
            m_glyphs.clear();
            m_ratio = ratio;
        }
        const quint64 key = quint64(size.width()) << 32 | quint64(size.height()) << 8
            | quint64(policy + 1) << 1 | (lacking ? 1 : 0);
        auto it = m_glyphs.find(key);
        if (it != m_glyphs.end())
            return it.value();
        QPixmap pixmap(size * ratio);
        pixmap.setDevicePixelRatio(ratio);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        const QRectF box = QRectF(QPointF(0, 0), QSizeF(size)).adjusted(3, 2, -3, -2);
        if (policy < 0) {
            painter.setPen(QPen(QColor(0xbd, 0xbd, 0xbd), 1, Qt::DashLine));
            painter.setBrush(Qt::white);
            painter.drawRect(box);
            painter.setPen(QColor(0xbd, 0xbd, 0xbd));
            painter.drawLine(box.topLeft() + QPointF(5, 3), box.bottomRight() - QPointF(5, 3));
            painter.drawLine(box.topRight() + QPointF(-5, 3), box.bottomLeft() + QPointF(5, -3));
        } else {
            painter.setPen(QColor(0x9e, 0x9e, 0x9e));
            painter.setBrush(policyColor(Policy(policy)));
            painter.drawRect(box);
            if (lacking) {
                const double m = std::min(8.0, box.height() / 2);
                painter.setPen(Qt::NoPen);
                painter.setBrush(QColor(0xd5, 0x5e, 0x00));
                painter.drawPolygon(QPolygonF({box.topRight(), box.topRight() + QPointF(-m, 0),
                                               box.topRight() + QPointF(0, m)}));
            }
        }
        painter.end();
        return m_glyphs.insert(key, pixmap).value();
    }

    mutable QHash<quint64, QPixmap> m_glyphs;
    mutable qreal m_ratio = 0;
};

} // namespace

AtlasView::AtlasView(Workspace *workspace, DocumentIo *io, QWidget *parent)
    : QWidget(parent)
    , m_workspace(workspace)
    , m_io(io)
    , m_model(new AtlasModel(this))
    , m_proxy(new AtlasFilterProxy(this))
{
    setObjectName(QStringLiteral("atlasView"));
    createWidgets();
    arrange();
    updateSummary();
}

AtlasView::~AtlasView() = default;

void AtlasView::createWidgets()
{
    m_table = new QTableView(this);
    m_filter = new QLineEdit(this);
    m_differingOnly = new QCheckBox(tr("Differing only"), this);
    m_applyMixlist = new QCheckBox(tr("Apply the open mixlist to every source"), this);
    m_add = new QToolButton(this);
    m_summary = new QLabel(this);

    m_proxy->setSourceModel(m_model);
    m_table->setObjectName(QStringLiteral("atlasTable"));
    m_table->setHorizontalHeader(new VerticalHeader(m_table));
    m_table->setModel(m_proxy);
    m_table->setItemDelegate(new AtlasCellDelegate(m_table));
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(AtlasModel::DifferenceColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    // Fixed row heights: the view never measures 1,100 rows to scroll them.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(20);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->horizontalHeader()->setDefaultSectionSize(kSourceWidth);
    m_filter->setObjectName(QStringLiteral("atlasFilter"));
    m_filter->setPlaceholderText(tr("Filter op types"));
    m_filter->setClearButtonEnabled(true);
    m_differingOnly->setObjectName(QStringLiteral("atlasDifferingOnly"));
    m_applyMixlist->setObjectName(QStringLiteral("atlasApplyMixlist"));
    m_applyMixlist->setToolTip(tr(
        "What the same training script gets on each source: the open mixlist applied to all (X3)"));
    m_summary->setObjectName(QStringLiteral("atlasSummary"));
    m_summary->setWordWrap(true);

    auto make = [this](const char *name, const QString &text, const QString &tip) {
        auto *action = new QAction(text, this);
        action->setObjectName(QString::fromLatin1(name));
        action->setToolTip(tip);
        return action;
    };
    QAction *addFolder = make(
        "actionAtlasAddFolder", tr("Add &Folder..."),
        tr("An opp, store or config folder (every soc folder in it is offered), a soc folder, or a "
           "folder of library copies (every file in it is offered)"));
    QAction *addFiles = make("actionAtlasAddFiles", tr("Add Library &Files..."),
                             tr("Ops-info files, each a source (user copies of one library, say)"));
    QAction *addOpen = make("actionAtlasAddOpenLibrary", tr("Add the &Open Library"),
                            tr("The open library with its edits, as it is now"));
    QAction *clearAll = make("actionAtlasClear", tr("&Clear"), tr("Remove every source"));
    connect(addFolder, &QAction::triggered, this, [this] {
        const QString path
            = m_io->prompt()->openDirectory(tr("Add to the Atlas: Opp, Store or Soc Folder"));
        if (!path.isEmpty())
            addPaths({path});
    });
    connect(addFiles, &QAction::triggered, this, [this] {
        const QStringList paths
            = m_io->prompt()->openFileNames(tr("Add to the Atlas: Library Files"),
                                            tr("Ops-info libraries (*.json *.ini);;All files (*)"));
        if (!paths.isEmpty())
            addPaths(paths);
    });
    connect(addOpen, &QAction::triggered, this, &AtlasView::addOpenLibrary);
    connect(clearAll, &QAction::triggered, this, &AtlasView::clear);
    m_sourceActions = {addFolder, addFiles, addOpen, clearAll};
    m_add->setObjectName(QStringLiteral("atlasAddButton"));
    m_add->setDefaultAction(addFolder);
    m_add->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_add->setPopupMode(QToolButton::MenuButtonPopup);
    auto *menu = new QMenu(m_add);
    menu->addActions(m_sourceActions);
    m_add->setMenu(menu);

    QAction *csv = make("actionExportAtlasCsv", tr("Policy &Atlas (CSV)..."),
                        tr("The atlas rows shown: a header, then one row per op type"));
    QAction *svg = make("actionExportAtlasSvg", tr("Policy Atlas (S&VG)..."),
                        tr("The atlas rows shown, as an image for reports"));
    connect(csv, &QAction::triggered, this, [this] { exportCsv(); });
    connect(svg, &QAction::triggered, this, [this] { exportSvg(); });
    m_exportActions = {csv, svg};

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setTypeFilter(text);
        updateSummary();
    });
    connect(m_differingOnly, &QCheckBox::toggled, this, [this](bool on) {
        m_proxy->setDifferingOnly(on);
        updateSummary();
    });
    connect(m_applyMixlist, &QCheckBox::toggled, this, [this] { rebuild({}); });
}

void AtlasView::arrange()
{
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_add);
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_differingOnly);
    bar->addWidget(m_applyMixlist);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
}

bool AtlasView::addPaths(const QStringList &paths)
{
    std::vector<Source> added;
    for (const QString &path : paths) {
        const std::string file = path.toStdString();
        const std::vector<std::string> socs = socFoldersOf(file);
        if (socs.empty()) {
            // A folder of user copies: each file a column; a soc folder: one library (L1).
            const std::vector<std::string> files = libraryFilesIn(file);
            if (!areLibraryCopies(files)) {
                added.push_back({{file, {}}, {}, nullptr});
                continue;
            }
            QStringList offered;
            for (const std::string &copy : files)
                offered << QFileInfo(QString::fromStdString(copy)).fileName();
            const QStringList chosen = m_io->prompt()->chooseItems(
                tr("Library copies in %1").arg(QFileInfo(path).fileName()),
                tr("%1 holds %n library file(s) that are not the pieces of one soc folder. Each "
                   "checked one becomes a column of the atlas.",
                   nullptr, int(files.size()))
                    .arg(QDir::toNativeSeparators(path)),
                offered);
            for (const QString &name : chosen)
                added.push_back({{files[std::size_t(offered.indexOf(name))], {}}, {}, nullptr});
            continue;
        }
        if (socs.size() == 1) {
            added.push_back({{file, socs.front()}, {}, nullptr});
            continue;
        }
        QStringList offered;
        for (const std::string &soc : socs)
            offered << QString::fromStdString(soc);
        const QStringList chosen = m_io->prompt()->chooseItems(
            tr("SoCs of %1").arg(QFileInfo(path).fileName()),
            tr("%1 holds %n soc folder(s). Each checked one becomes a column of the atlas.",
               nullptr, int(socs.size()))
                .arg(QDir::toNativeSeparators(path)),
            offered);
        for (const QString &soc : chosen)
            added.push_back({{file, soc.toStdString()}, {}, nullptr});
    }
    if (added.empty())
        return false;
    const std::size_t before = m_sources.size();
    rebuild(std::move(added));
    return m_sources.size() > before;
}

bool AtlasView::addSocs(const QString &path, const QStringList &socs)
{
    std::vector<Source> added;
    for (const QString &soc : socs)
        added.push_back({{path.toStdString(), soc.toStdString()}, {}, nullptr});
    if (added.empty())
        return false;
    const std::size_t before = m_sources.size();
    rebuild(std::move(added));
    return m_sources.size() > before;
}

void AtlasView::addOpenLibrary()
{
    std::vector<Source> added;
    const LibraryDocument *document = m_workspace->libraryDocument();
    std::erase_if(m_sources, [](const Source &s) { return s.spec.path.empty(); });
    added.push_back(
        {{}, document->displayName(), std::make_shared<const OpLibrary>(document->library())});
    rebuild(std::move(added));
}

void AtlasView::clear()
{
    m_sources.clear();
    m_model->setAtlas(nullptr);
    updateSummary();
    emit atlasChanged();
}

void AtlasView::setApplyMixlist(bool on)
{
    m_applyMixlist->setChecked(on);
}

QStringList AtlasView::inputPaths() const
{
    QStringList paths;
    for (const Source &source : m_sources) {
        if (!source.spec.path.empty())
            paths.append(QString::fromStdString(source.spec.path));
        if (source.library)
            for (const LibraryFile &file : source.library->files())
                paths.append(QString::fromStdString(file.path));
    }
    return paths;
}

QStringList AtlasView::sourceNames() const
{
    QStringList names;
    if (const auto atlas = m_model->atlas())
        for (const std::string &name : atlas->sources)
            names << QString::fromStdString(name);
    return names;
}

// Loads the new sources and builds the atlas of all of them on the worker thread; the UI thread
// only swaps the model's atlas.
void AtlasView::rebuild(std::vector<Source> added)
{
    std::vector<Source> sources = m_sources;
    for (Source &s : added)
        sources.push_back(std::move(s));
    if (sources.empty())
        return;
    const bool apply = m_applyMixlist->isChecked();
    const Mixlist mixlist = apply ? m_workspace->mixlistDocument()->mixlist() : Mixlist();
    const std::string mixlistPath = m_workspace->mixlistDocument()->path().toStdString();
    const QString openPrefix = tr("open: %1");
    struct Built
    {
        std::vector<Source> sources;
        std::vector<std::pair<QString, std::vector<Diagnostic>>> refused;
        std::shared_ptr<const PolicyAtlas> atlas;
    };
    TaskRunner *tasks = m_io->tasks();
    std::optional<Built> built = tasks->compute<Built>(
        tr("Building the atlas of %n source(s)…", nullptr, int(sources.size())), true,
        [sources, apply, mixlist, mixlistPath, openPrefix]() mutable {
            Built result;
            for (Source &s : sources) {
                if (!s.library) {
                    LibraryLoadResult loaded = loadLibraryPath(s.spec.path, s.spec.soc);
                    if (!loaded.ok()) {
                        result.refused.emplace_back(
                            QString::fromStdString(
                                s.spec.path + (s.spec.soc.empty() ? "" : " (" + s.spec.soc + ")")),
                            std::move(loaded.diagnostics));
                        continue;
                    }
                    s.library = std::make_shared<const OpLibrary>(std::move(loaded.library));
                }
                result.sources.push_back(std::move(s));
            }
            std::vector<AtlasSourceSpec> specs;
            for (const Source &s : result.sources)
                specs.push_back(s.spec);
            const std::vector<std::string> names = atlasSourceNames(specs);
            std::vector<AtlasColumn> columns;
            for (std::size_t i = 0; i < result.sources.size(); ++i) {
                const Source &s = result.sources[i];
                const std::string name
                    = s.spec.path.empty() ? openPrefix.arg(s.openName).toStdString() : names[i];
                columns.push_back(
                    atlasColumn(name, *s.library, apply ? &mixlist : nullptr, mixlistPath));
            }
            result.atlas = std::make_shared<const PolicyAtlas>(buildAtlas(columns));
            return result;
        });
    if (!built) {
        if (tasks->lastOutcome() == TaskRunner::Outcome::Busy)
            m_io->prompt()->information(
                tr("Busy"), tr("Another file is loading: add the sources when it is done."));
        return;
    }
    for (const auto &[what, diagnostics] : built->refused)
        m_io->reportDiagnostics(tr("%1 was not added: it has errors").arg(what), diagnostics);
    m_sources = std::move(built->sources);
    m_model->setAtlas(m_sources.empty() ? nullptr : built->atlas);
    const int typeWidth
        = std::max(160, m_table->fontMetrics().horizontalAdvance(QStringLiteral("M")) * 18);
    m_table->setColumnWidth(AtlasModel::TypeColumn, typeWidth);
    const QFontMetrics metrics = m_table->fontMetrics();
    m_table->setColumnWidth(AtlasModel::DifferenceColumn,
                            std::max(metrics.horizontalAdvance(AtlasModel::tr("presence")),
                                     metrics.horizontalAdvance(AtlasModel::tr("Differs")))
                                + 44);
    m_table->horizontalHeader()->updateGeometry();
    updateSummary();
    emit atlasChanged();
}

void AtlasView::updateSummary()
{
    const auto atlas = m_model->atlas();
    if (!atlas) {
        m_summary->setText(tr("Add the sources to compare: an opp folder offers every soc folder "
                              "in it; library files (user copies) are a source each."));
        return;
    }
    const QLocale locale;
    m_summary->setText(
        tr("%1 sources · %2 op types · %3 differ in colour · %4 missing from some sources · %5 shown")
            .arg(atlas->sources.size())
            .arg(locale.toString(qulonglong(atlas->rows.size())))
            .arg(locale.toString(qulonglong(atlas->colourDiffers)))
            .arg(locale.toString(qulonglong(atlas->presenceDiffers)))
            .arg(locale.toString(m_proxy->rowCount())));
}

// The rows shown (filtered, in the view's order), as one atlas for the writers.
static PolicyAtlas shownRows(const AtlasFilterProxy *proxy, const PolicyAtlas &atlas)
{
    PolicyAtlas shown;
    shown.sources = atlas.sources;
    for (int r = 0; r < proxy->rowCount(); ++r) {
        const AtlasRow &row = atlas.rows[std::size_t(proxy->mapToSource(proxy->index(r, 0)).row())];
        ++(row.difference == AtlasDifference::Colour         ? shown.colourDiffers
               : row.difference == AtlasDifference::Presence ? shown.presenceDiffers
                                                             : shown.same);
        shown.rows.push_back(row);
    }
    return shown;
}

bool AtlasView::exportCsv(const QString &given)
{
    const auto atlas = m_model->atlas();
    if (!atlas) {
        m_io->prompt()->information(tr("Nothing to export"), tr("Add sources to the atlas first."));
        return false;
    }
    const QString path = given.isEmpty()
        ? m_io->prompt()->saveFileName(tr("Export Policy Atlas (CSV)"),
                                       QStringLiteral("policy_atlas.csv"), tr("CSV (*.csv)"))
        : given;
    return !path.isEmpty() && m_io->writeNewFile(path, policyAtlasCsv(shownRows(m_proxy, *atlas)));
}

bool AtlasView::exportSvg(const QString &given)
{
    const auto atlas = m_model->atlas();
    if (!atlas) {
        m_io->prompt()->information(tr("Nothing to export"), tr("Add sources to the atlas first."));
        return false;
    }
    const QString path = given.isEmpty()
        ? m_io->prompt()->saveFileName(tr("Export Policy Atlas (SVG)"),
                                       QStringLiteral("policy_atlas.svg"), tr("SVG images (*.svg)"))
        : given;
    const std::string title
        = tr("Policy atlas: %n source(s)", nullptr, int(atlas->sources.size())).toStdString();
    return !path.isEmpty()
        && m_io->writeNewFile(path, policyAtlasSvg(shownRows(m_proxy, *atlas), title));
}

} // namespace opsinfo
