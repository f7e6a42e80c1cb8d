<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>GraphScene</name>
    <message numerus="yes">
        <source>%1
%n nodes (collapsed; double-click to expand)</source>
        <translation>
            <numerusform>%1
%n 个节点（已折叠；双击展开）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GraphView</name>
    <message>
        <source>Cast inserted</source>
        <translation>插入 Cast</translation>
    </message>
    <message>
        <source>ambiguous (gray)</source>
        <translation>存在歧义（灰名单）</translation>
    </message>
</context>
<context>
    <name>MixlistEdits</name>
    <message numerus="yes">
        <source>%n ops</source>
        <translation>
            <numerusform>%n 个算子</numerusform>
        </translation>
    </message>
    <message>
        <source>Add %1 to %2</source>
        <translation>将 %1 添加到 %2</translation>
    </message>
    <message>
        <source>Remove %1 from %2</source>
        <translation>从 %2 中移除 %1</translation>
    </message>
    <message>
        <source>Move %1 to %2</source>
        <translation>将 %1 移至 %2</translation>
    </message>
</context>
<context>
    <name>NodeStyle</name>
    <message>
        <source>float16</source>
        <translation>float16</translation>
    </message>
    <message>
        <source>bfloat16</source>
        <translation>bfloat16</translation>
    </message>
    <message>
        <source>float32</source>
        <translation>float32</translation>
    </message>
    <message>
        <source>AI CPU</source>
        <translation>AI CPU</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>not an FE op</source>
        <translation>非 FE 算子</translation>
    </message>
    <message>
        <source>undecided</source>
        <translation>未判定</translation>
    </message>
</context>
<context>
    <name>OpDetails</name>
    <message>
        <source>&lt;p&gt;Select an op type to see its entry.&lt;/p&gt;</source>
        <translation>&lt;p&gt;选择一个算子类型以查看其条目。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Library: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>算子信息库：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source> (edited; &lt;b&gt;%1&lt;/b&gt; in the file)</source>
        <translation>（已编辑；文件中为&lt;b&gt;%1&lt;/b&gt;）</translation>
    </message>
    <message>
        <source>Effective after the mixlist: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>应用混合精度名单后生效：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Cube (matrix) op</source>
        <translation>Cube（矩阵）算子</translation>
    </message>
    <message>
        <source>Vector op</source>
        <translation>Vector 算子</translation>
    </message>
    <message>
        <source>&lt;p&gt;From the embedded sample (an excerpt of CANN 8.1 aic-ascend910b-ops-info.json), line %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;来自内置示例（CANN 8.1 aic-ascend910b-ops-info.json 的节选），第 %1 行&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;From %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;来自 %1&lt;/p&gt;</translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;Shadows %n other entries (L2/L3):&lt;ul&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;覆盖了其他 %n 个条目（L2/L3）：&lt;ul&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;h3&gt;Entry (as in the file)&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;条目（与文件中一致）&lt;/h3&gt;</translation>
    </message>
</context>
<context>
    <name>Policy</name>
    <message>
        <source>white</source>
        <translation>白名单</translation>
    </message>
    <message>
        <source>black</source>
        <translation>黑名单</translation>
    </message>
    <message>
        <source>gray</source>
        <translation>灰名单</translation>
    </message>
</context>
<context>
    <name>SetPolicyCommand</name>
    <message>
        <source>white</source>
        <translation>白名单</translation>
    </message>
    <message>
        <source>black</source>
        <translation>黑名单</translation>
    </message>
    <message>
        <source>gray</source>
        <translation>灰名单</translation>
    </message>
    <message>
        <source>Set %1 to %2</source>
        <translation>将 %1 设为%2</translation>
    </message>
    <message numerus="yes">
        <source>Set %n ops to %1</source>
        <translation>
            <numerusform>将 %n 个算子设为%1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>UserPrompt</name>
    <message>
        <source>File changed on disk</source>
        <translation>磁盘上的文件已更改</translation>
    </message>
    <message>
        <source>%1 was changed by another program since you opened it.</source>
        <translation>自您打开 %1 以来，它已被其他程序修改。</translation>
    </message>
    <message>
        <source>Nothing was written. Save your edits under another name and compare, or overwrite the other program&apos;s changes.</source>
        <translation>未写入任何内容。请将您的修改另存为其他名称后再比较，或覆盖其他程序所做的更改。</translation>
    </message>
    <message>
        <source>Save As...</source>
        <translation>另存为...</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them first?</source>
        <translation>%1 有未保存的更改。是否先保存？</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Browse and edit Ascend ops-info libraries and mixlists.</source>
        <translation>浏览和编辑昇腾算子信息库与混合精度名单。</translation>
    </message>
    <message>
        <source>Render the window to FILE.png and exit.</source>
        <translation>将窗口渲染为 FILE.png 后退出。</translation>
    </message>
    <message>
        <source>View to show: library, mixlist, graph or diff.</source>
        <translation>要显示的视图：library、mixlist、graph 或 diff。</translation>
    </message>
    <message>
        <source>Library files or folders, mixlists.</source>
        <translation>算子信息库文件或目录、混合精度名单。</translation>
    </message>
</context>
<context>
    <name>opsinfo::DiffModel</name>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>absent</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Transition</source>
        <translation>变化</translation>
    </message>
</context>
<context>
    <name>opsinfo::DiffView</name>
    <message>
        <source>Library as opened → edited, with the mixlist</source>
        <translation>打开时的算子信息库 → 编辑后（含混合精度名单）</translation>
    </message>
    <message>
        <source>Edited library → with the mixlist</source>
        <translation>编辑后的算子信息库 → 应用混合精度名单后</translation>
    </message>
    <message>
        <source>Library as opened → edited (flag edits only)</source>
        <translation>打开时的算子信息库 → 编辑后（仅标志修改）</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Transition</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>As opened</source>
        <translation>打开时</translation>
    </message>
    <message>
        <source>Edited + mixlist</source>
        <translation>编辑后 + 混合精度名单</translation>
    </message>
    <message>
        <source>Edited library</source>
        <translation>编辑后的算子信息库</translation>
    </message>
    <message>
        <source>With the mixlist</source>
        <translation>应用混合精度名单后</translation>
    </message>
    <message>
        <source>Edited</source>
        <translation>编辑后</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>No op type changes colour (%1 unchanged).</source>
        <translation>没有算子类型的名单发生变化（%1 个未变）。</translation>
    </message>
    <message numerus="yes">
        <source>%n op types change colour</source>
        <translation>
            <numerusform>%n 个算子类型的名单发生变化</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1 unchanged)</source>
        <translation>（%1 个未变）</translation>
    </message>
</context>
<context>
    <name>opsinfo::FileController</name>
    <message>
        <source>… and %1 more</source>
        <translation>……另有 %1 项</translation>
    </message>
    <message>
        <source>Cannot open the sample</source>
        <translation>无法打开示例</translation>
    </message>
    <message>
        <source>The embedded sample could not be written to %1.</source>
        <translation>无法将内置示例写入 %1。</translation>
    </message>
    <message>
        <source>Check that the temporary folder is writable, or open a library file.</source>
        <translation>请检查临时目录是否可写，或打开一个算子信息库文件。</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>%1 has errors</source>
        <translation>%1 存在错误</translation>
    </message>
    <message>
        <source>Check that the file exists and is readable.</source>
        <translation>请检查文件是否存在且可读。</translation>
    </message>
    <message>
        <source>Cannot import %1</source>
        <translation>无法导入 %1</translation>
    </message>
    <message>
        <source>%1 was not saved</source>
        <translation>%1 未保存</translation>
    </message>
    <message>
        <source>The file could not be read when the library was opened.</source>
        <translation>打开算子信息库时无法读取该文件。</translation>
    </message>
    <message>
        <source>Open the library again.</source>
        <translation>请重新打开算子信息库。</translation>
    </message>
    <message>
        <source>Only ops-info JSON files can be edited in place.</source>
        <translation>只有算子信息库 JSON 文件可以原地编辑。</translation>
    </message>
    <message>
        <source>Convert the INI source with `opsinfo convert-ini` and open the JSON.</source>
        <translation>请用 `opsinfo convert-ini` 转换 INI 源文件，然后打开生成的 JSON。</translation>
    </message>
    <message>
        <source>Save As needs a single library file</source>
        <translation>“另存为”需要单个算子信息库文件</translation>
    </message>
    <message numerus="yes">
        <source>This library is made of %n files.</source>
        <translation>
            <numerusform>该算子信息库由 %n 个文件组成。</numerusform>
        </translation>
    </message>
    <message>
        <source>Use Save to write the edited files in place (backups go outside the soc folder), or copy the folder first and open the copy.</source>
        <translation>请使用“保存”原地写入已编辑的文件（备份存放在 SoC 目录之外），或先复制该目录再打开副本。</translation>
    </message>
    <message>
        <source>Save Library As</source>
        <translation>算子信息库另存为</translation>
    </message>
    <message>
        <source>Ops-info library (*.json)</source>
        <translation>算子信息库 (*.json)</translation>
    </message>
    <message>
        <source>Save Mixlist As</source>
        <translation>混合精度名单另存为</translation>
    </message>
    <message>
        <source>Mixlist (*.json)</source>
        <translation>混合精度名单 (*.json)</translation>
    </message>
    <message>
        <source>Nothing to export</source>
        <translation>没有可导出的内容</translation>
    </message>
    <message>
        <source>No op type&apos;s colour was changed in the library browser. Change colours with W, B or G first; the exported mixlist turns the library as opened into the edited one (X5).</source>
        <translation>算子信息库浏览器中没有修改任何算子类型的名单。请先用 W、B 或 G 修改名单；导出的混合精度名单会把打开时的算子信息库变为编辑后的算子信息库（X5）。</translation>
    </message>
    <message>
        <source>Export Minimal Mixlist</source>
        <translation>导出最小混合精度名单</translation>
    </message>
</context>
<context>
    <name>opsinfo::GraphMiniMap</name>
    <message>
        <source>Overview: click or drag to move the view</source>
        <translation>概览：单击或拖动以移动视图</translation>
    </message>
</context>
<context>
    <name>opsinfo::GraphView</name>
    <message>
        <source>No graph loaded</source>
        <translation>未加载计算图</translation>
    </message>
    <message>
        <source>There is no graph to export.</source>
        <translation>没有可导出的计算图。</translation>
    </message>
    <message>
        <source>The image (%1 x %2 pixels) does not fit in memory; export SVG instead.</source>
        <translation>图像（%1 x %2 像素）超出内存容量，请改为导出 SVG。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2. Choose a folder you can write to.</source>
        <translation>无法写入 %1：%2。请选择一个可写的目录。</translation>
    </message>
    <message>
        <source>Graph exported by OpsInfo Studio</source>
        <translation>由 OpsInfo Studio 导出的计算图</translation>
    </message>
    <message>
        <source>Cannot write %1. Choose a folder you can write to.</source>
        <translation>无法写入 %1。请选择一个可写的目录。</translation>
    </message>
    <message>
        <source>Writing %1 failed. Check the disk space and permissions.</source>
        <translation>写入 %1 失败。请检查磁盘空间和权限。</translation>
    </message>
</context>
<context>
    <name>opsinfo::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;System Language</source>
        <translation>系统语言(&amp;S)</translation>
    </message>
    <message>
        <source>Applies when OpsInfo Studio restarts</source>
        <translation>重启 OpsInfo Studio 后生效</translation>
    </message>
    <message>
        <source>Language saved.</source>
        <translation>语言设置已保存。</translation>
    </message>
    <message>
        <source>Language saved: restart OpsInfo Studio to switch the interface language.</source>
        <translation>语言设置已保存：重启 OpsInfo Studio 后切换界面语言。</translation>
    </message>
</context>
<context>
    <name>opsinfo::LibraryDocument</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
</context>
<context>
    <name>opsinfo::LibraryModel</name>
    <message>
        <source>shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>秩</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Edited: %1 in the file, %2 now</source>
        <translation>已编辑：文件中为%1，现为%2</translation>
    </message>
    <message>
        <source>%1 in the library</source>
        <translation>算子信息库中为%1</translation>
    </message>
    <message>
        <source>%1 (was %2)</source>
        <translation>%1（原为%2）</translation>
    </message>
    <message>
        <source>cube</source>
        <translation>Cube</translation>
    </message>
    <message>
        <source>vector</source>
        <translation>Vector</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>算子信息库</translation>
    </message>
    <message>
        <source>Effective</source>
        <translation>生效</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Shadowed</source>
        <translation>被覆盖</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>列数</translation>
    </message>
    <message>
        <source>Dtypes</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Dynamic</source>
        <translation>动态</translation>
    </message>
</context>
<context>
    <name>opsinfo::LibraryView</name>
    <message>
        <source>Regex</source>
        <translation>正则</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>Used in graph</source>
        <translation>图中使用</translation>
    </message>
    <message>
        <source>Filter op types (Ctrl+F)</source>
        <translation>筛选算子类型 (Ctrl+F)</translation>
    </message>
    <message>
        <source>Treat the filter as a regular expression</source>
        <translation>将筛选条件作为正则表达式</translation>
    </message>
    <message>
        <source>All colours</source>
        <translation>全部名单</translation>
    </message>
    <message>
        <source>White</source>
        <translation>白名单</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>黑名单</translation>
    </message>
    <message>
        <source>Gray</source>
        <translation>灰名单</translation>
    </message>
    <message>
        <source>Show op types of this effective colour</source>
        <translation>显示生效名单为此项的算子类型</translation>
    </message>
    <message>
        <source>Only op types edited here or changed by the mixlist</source>
        <translation>仅显示在此处编辑过或被混合精度名单改变的算子类型</translation>
    </message>
    <message>
        <source>Only op types of the loaded graph</source>
        <translation>仅显示已加载计算图中的算子类型</translation>
    </message>
    <message>
        <source>Not a valid regular expression</source>
        <translation>不是有效的正则表达式</translation>
    </message>
    <message>
        <source>%1 of %2 ops</source>
        <translation>%1 / %2 个算子</translation>
    </message>
</context>
<context>
    <name>opsinfo::LintModel</name>
    <message>
        <source>line %1: </source>
        <translation>第 %1 行：</translation>
    </message>
    <message>
        <source>No automatic fix</source>
        <translation>无自动修复</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>修复：%1</translation>
    </message>
</context>
<context>
    <name>opsinfo::MainWindow</name>
    <message>
        <source>The graph preview is not available in this build.</source>
        <translation>此版本不提供计算图预览。</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>算子信息库</translation>
    </message>
    <message>
        <source>Mixlist</source>
        <translation>混合精度名单</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>&amp;Open Library File...</source>
        <translation>打开算子信息库文件(&amp;O)...</translation>
    </message>
    <message>
        <source>Open Library &amp;Folder...</source>
        <translation>打开算子信息库目录(&amp;F)...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Open &amp;Mixlist...</source>
        <translation>打开混合精度名单(&amp;M)...</translation>
    </message>
    <message>
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <source>Open the &amp;Sample</source>
        <translation>打开示例(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Save Library</source>
        <translation>保存算子信息库(&amp;S)</translation>
    </message>
    <message>
        <source>Save Library &amp;As...</source>
        <translation>算子信息库另存为(&amp;A)...</translation>
    </message>
    <message>
        <source>Save Mi&amp;xlist</source>
        <translation>保存混合精度名单(&amp;X)</translation>
    </message>
    <message>
        <source>Ctrl+Alt+S</source>
        <translation>Ctrl+Alt+S</translation>
    </message>
    <message>
        <source>Save Mixlist As...</source>
        <translation>混合精度名单另存为...</translation>
    </message>
    <message>
        <source>&amp;Export Minimal Mixlist...</source>
        <translation>导出最小混合精度名单(&amp;E)...</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>A mixlist turning the library as opened into the edited one (X5)</source>
        <translation>将打开时的算子信息库变为编辑后算子信息库的混合精度名单（X5）</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Set &amp;White</source>
        <translation>设为白名单(&amp;W)</translation>
    </message>
    <message>
        <source>Set &amp;Black</source>
        <translation>设为黑名单(&amp;B)</translation>
    </message>
    <message>
        <source>Set &amp;Gray</source>
        <translation>设为灰名单(&amp;G)</translation>
    </message>
    <message>
        <source>Put the selected op types on the white list (precision_reduce true)</source>
        <translation>将选中的算子类型加入白名单（precision_reduce 为 true）</translation>
    </message>
    <message>
        <source>Put the selected op types on the black list (precision_reduce false)</source>
        <translation>将选中的算子类型加入黑名单（precision_reduce 为 false）</translation>
    </message>
    <message>
        <source>Remove precision_reduce from the selected op types (gray)</source>
        <translation>删除选中算子类型的 precision_reduce（灰名单）</translation>
    </message>
    <message>
        <source>&amp;Find Op Type</source>
        <translation>查找算子类型(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Library</source>
        <translation>算子信息库(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Mixlist</source>
        <translation>混合精度名单(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Graph</source>
        <translation>计算图(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Diff</source>
        <translation>差异(&amp;D)</translation>
    </message>
    <message>
        <source>Open Library File</source>
        <translation>打开算子信息库文件</translation>
    </message>
    <message>
        <source>Ops-info libraries (*.json *.ini);;All files (*)</source>
        <translation>算子信息库 (*.json *.ini);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open Soc Folder or Opp Root</source>
        <translation>打开 SoC 目录或 OPP 根目录</translation>
    </message>
    <message>
        <source>Open Mixlist</source>
        <translation>打开混合精度名单</translation>
    </message>
    <message>
        <source>Mixlists (*.json);;All files (*)</source>
        <translation>混合精度名单 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Already %1</source>
        <translation>已经是%1</translation>
    </message>
    <message>
        <source>%1 (sample)</source>
        <translation>%1（示例）</translation>
    </message>
    <message>
        <source>%1[*] — OpsInfo Studio</source>
        <translation>%1[*] — OpsInfo Studio</translation>
    </message>
    <message>
        <source>%1 op types · %2 white · %3 black · %4 gray (effective) · %5 edited</source>
        <translation>%1 个算子类型 · 白名单 %2 · 黑名单 %3 · 灰名单 %4（生效）· 已编辑 %5</translation>
    </message>
</context>
<context>
    <name>opsinfo::MixlistDocument</name>
    <message>
        <source>Untitled mixlist</source>
        <translation>未命名混合精度名单</translation>
    </message>
</context>
<context>
    <name>opsinfo::MixlistEditor</name>
    <message>
        <source>Apply fix</source>
        <translation>应用修复</translation>
    </message>
    <message>
        <source>Op type to add (completes over the library)</source>
        <translation>要添加的算子类型（按算子信息库自动补全）</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete the selected entries (Del)</source>
        <translation>删除选中的条目 (Del)</translation>
    </message>
    <message>
        <source>Move to</source>
        <translation>移至</translation>
    </message>
    <message>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>Selected entries:</source>
        <translation>选中的条目：</translation>
    </message>
    <message>
        <source>Lint (X1–X4)</source>
        <translation>检查（X1–X4）</translation>
    </message>
    <message>
        <source>ATC</source>
        <translation>ATC</translation>
    </message>
    <message>
        <source>TensorFlow 1 (session config)</source>
        <translation>TensorFlow 1（session config）</translation>
    </message>
    <message>
        <source>TensorFlow 1 (NPURunConfig)</source>
        <translation>TensorFlow 1（NPURunConfig）</translation>
    </message>
    <message>
        <source>TensorFlow 2</source>
        <translation>TensorFlow 2</translation>
    </message>
    <message>
        <source>GE options</source>
        <translation>GE 选项</translation>
    </message>
    <message>
        <source>torch_npu</source>
        <translation>torch_npu</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Use it (paste into your script)</source>
        <translation>使用方法（粘贴到您的脚本中）</translation>
    </message>
    <message>
        <source>Repaired on import (the file itself is unchanged until you save):</source>
        <translation>导入时已修复（保存前文件本身不会改变）：</translation>
    </message>
    <message>
        <source>• line %1: %2</source>
        <translation>• 第 %1 行：%2</translation>
    </message>
</context>
<context>
    <name>opsinfo::MixlistSlotModel</name>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 is not in the loaded library</source>
        <translation>%1 不在已加载的算子信息库中</translation>
    </message>
</context>
</TS>
