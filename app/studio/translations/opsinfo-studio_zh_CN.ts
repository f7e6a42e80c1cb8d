<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ApplyFixCommand</name>
    <message>
        <source>Fix &apos;%1&apos; -&gt; &apos;%2&apos; in %3</source>
        <translation>在 %3 中修复 &apos;%1&apos; -&gt; &apos;%2&apos;</translation>
    </message>
</context>
<context>
    <name>CanvasScene</name>
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
    <name>CoreTexts</name>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>note</source>
        <translation>提示</translation>
    </message>
</context>
<context>
    <name>EvidenceOverlay</name>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>No row of the open evidence files is about this node.</source>
        <translation>已打开的证据文件中没有关于此节点的行。</translation>
    </message>
    <message>
        <source>this node</source>
        <translation>此节点</translation>
    </message>
    <message>
        <source>its op type</source>
        <translation>其算子类型</translation>
    </message>
    <message>
        <source>... and %1 more rows.</source>
        <translation>……另有 %1 行。</translation>
    </message>
    <message>
        <source>Predicted vs executed</source>
        <translation>预测与实际执行对比</translation>
    </message>
    <message>
        <source>%1: %2 of %3 compared agree (%4%): %5 of %6 nodes by name, %7 of %8 op types by dtype distribution.</source>
        <translation>%1：比较的 %3 项中 %2 项一致（%4%）：按名称 %6 个节点中 %5 个，按数据类型分布 %8 个算子类型中 %7 个。</translation>
    </message>
    <message>
        <source>This node executed in another dtype than predicted (predicted → executed):</source>
        <translation>此节点实际执行的数据类型与预测不同（预测 → 实际）：</translation>
    </message>
    <message>
        <source>Disagreements (predicted → executed):</source>
        <translation>不一致之处（预测 → 实际）：</translation>
    </message>
    <message>
        <source>... and %1 more (opsinfo check --evidence lists them all)</source>
        <translation>……另有 %1 项（opsinfo check --evidence 会全部列出）</translation>
    </message>
    <message>
        <source>%1: %2 of %3 rows agree with the predicted dtype distribution.</source>
        <translation>%1：%3 行中有 %2 行与预测的数据类型分布一致。</translation>
    </message>
</context>
<context>
    <name>ExplanationCompare</name>
    <message>
        <source>first difference</source>
        <translation>首个差异</translation>
    </message>
    <message>
        <source>No explanation.</source>
        <translation>无解释。</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;Both sides give the same explanation.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;两侧的解释相同。&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>GraphCanvas</name>
    <message>
        <source>Cast inserted</source>
        <translation>插入 Cast</translation>
    </message>
    <message>
        <source>ambiguous (gray)</source>
        <translation>存在歧义（灰名单）</translation>
    </message>
    <message>
        <source>changed: A | B</source>
        <translation>有变化：A | B</translation>
    </message>
    <message>
        <source>Cast on both sides</source>
        <translation>两侧都有 Cast</translation>
    </message>
    <message>
        <source>Cast added in B</source>
        <translation>B 中新增 Cast</translation>
    </message>
    <message>
        <source>Cast removed in B</source>
        <translation>B 中移除 Cast</translation>
    </message>
</context>
<context>
    <name>LibraryRows</name>
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
    <name>NodeDetails</name>
    <message>
        <source>&lt;p&gt;&lt;i&gt;No explanation: FE does not decide this node; it keeps the graph&apos;s dtypes (§8.1).&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;无解释：FE 不判定此节点，它保持计算图中的数据类型（§8.1）。&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>A prediction: later fusion passes, op_select_format callbacks of dynamic-format ops and Cast/TransData clean-up can change the compiled graph (§7). Check it against a compiled GE dump.</source>
        <translation>这是预测结果：后续的融合 Pass、动态格式算子的 op_select_format 回调以及 Cast/TransData 清理都可能改变编译后的计算图（§7）。请用编译后的 GE dump 进行核对。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: no summary of this rule in this build (see SEMANTICS.md).</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：此版本没有该规则的摘要（参见 SEMANTICS.md）。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Select a node to see why it gets its dtype.&lt;/p&gt;</source>
        <translation>&lt;p&gt;选择一个节点，查看它为何得到当前的数据类型。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 · %2 list · mode %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 · 名单 %2 · 模式 %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>dtype &lt;b&gt;%1&lt;/b&gt;, engine %2, status %3</source>
        <translation>数据类型 &lt;b&gt;%1&lt;/b&gt;，引擎 %2，状态 %3</translation>
    </message>
    <message>
        <source>approximate</source>
        <translation>近似</translation>
    </message>
    <message>
        <source>ambiguous</source>
        <translation>存在歧义</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Why&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;原因&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:#7a5b00&apos;&gt;&lt;b&gt;approximate&lt;/b&gt;: this result rests on a rule the compiler&apos;s public sources do not pin down (approx).&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:#7a5b00&apos;&gt;&lt;b&gt;近似&lt;/b&gt;：此结果依据的规则在编译器公开源码中没有明确定义（approx）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:#a0002a&apos;&gt;&lt;b&gt;ambiguous&lt;/b&gt;: the producers of this gray op disagree; the gray rule option (FE or previous op, G6) decides.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:#a0002a&apos;&gt;&lt;b&gt;存在歧义&lt;/b&gt;：此灰名单算子的上游算子数据类型不一致，由灰名单规则选项（FE 或前一个算子，G6）决定。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Rules&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;规则&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Inputs&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;输入&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;%1 (missing)&lt;/i&gt;</source>
        <translation>&lt;i&gt;%1（缺失）&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Cast %1 → %2 (%3)</source>
        <translation>Cast %1 → %2（%3）</translation>
    </message>
    <message>
        <source>decides (G3)</source>
        <translation>起决定作用（G3）</translation>
    </message>
    <message>
        <source>&lt;p&gt;Outputs: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;输出：%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Ops-info entry&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;算子信息库条目&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 is not in the library: FE does not decide it (§8.1).&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 不在算子信息库中：FE 不判定它（§8.1）。&lt;/p&gt;</translation>
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
    <message>
        <source>AI Core</source>
        <translation>AI Core</translation>
    </message>
    <message>
        <source>GE op</source>
        <translation>GE 算子</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>AI Core: judged, runs as a kernel (M11)</source>
        <translation>AI Core：经 FE 判定，作为内核运行（M11）</translation>
    </message>
    <message>
        <source>AI CPU: check-support rejects it (M11)</source>
        <translation>AI CPU：check-support 拒绝该节点（M11）</translation>
    </message>
    <message>
        <source>GE op: opFile Null, judged, no kernel (M9)</source>
        <translation>GE 算子：opFile 为 Null，经判定但无内核（M9）</translation>
    </message>
    <message>
        <source>no engine: FE never decides it (§8.1)</source>
        <translation>无引擎：FE 从不判定该节点（§8.1）</translation>
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
    <name>TransitionText</name>
    <message>
        <source>absent</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>%1-&gt;%2</source>
        <translation>%1 → %2</translation>
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
    <message>
        <source>Check All</source>
        <translation>全选</translation>
    </message>
    <message>
        <source>Check None</source>
        <translation>全不选</translation>
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
        <source>Add PATH to the policy atlas (an opp folder adds every soc folder in it); repeatable.</source>
        <translation>将 PATH 加入策略图谱（OPP 目录会加入其中的每个 SoC 目录）；可重复。</translation>
    </message>
    <message>
        <source>View to show: library, mixlist, graph, diff, atlas, matrix (the diff with its biggest change picked), graphdiff or advisor.</source>
        <translation>要显示的视图：library、mixlist、graph、diff、atlas、matrix（选中变化最多的单元格的差异）、graphdiff 或 advisor。</translation>
    </message>
    <message>
        <source>Library files or folders, mixlists, graphs, evidence files (CSV, dump.json).</source>
        <translation>算子库文件或目录、混合精度列表、计算图、证据文件（CSV、dump.json）。</translation>
    </message>
</context>
<context>
    <name>opsinfo::AdviceCandidateModel</name>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Usable</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>Fixes</source>
        <translation>修复</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>移动</translation>
    </message>
    <message>
        <source>Casts</source>
        <translation>Cast</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>opsinfo::AdvisorPanel</name>
    <message>
        <source>Advise</source>
        <translation>给出建议</translation>
    </message>
    <message>
        <source>Compute the smallest list change for the objective and verify it by re-resolving</source>
        <translation>为目标计算最小的列表改动，并通过重新推导验证</translation>
    </message>
    <message>
        <source>Apply to the Mixlist</source>
        <translation>应用到混合精度列表</translation>
    </message>
    <message>
        <source>Replace the mixlist by the plan&apos;s, as one undoable edit</source>
        <translation>用方案的混合精度列表替换当前列表，作为一次可撤销的编辑</translation>
    </message>
    <message>
        <source>Protect Selected</source>
        <translation>保护所选节点</translation>
    </message>
    <message>
        <source>Keep the nodes selected in the graph in fp32</source>
        <translation>让图中选中的节点保持 fp32</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Export keep_dtype...</source>
        <translation>导出 keep_dtype...</translation>
    </message>
    <message>
        <source>Write the plan&apos;s keep_dtype list (--keep_dtype)</source>
        <translation>写出方案的 keep_dtype 列表（--keep_dtype）</translation>
    </message>
    <message>
        <source>Also protect what the evidence flags (overflow, NaN/Inf, low cosine, errors)</source>
        <translation>同时保护证据标记的节点（溢出、NaN/Inf、余弦相似度低、错误）</translation>
    </message>
    <message>
        <source>Accuracy: protected nodes in fp32</source>
        <translation>精度：受保护节点为 fp32</translation>
    </message>
    <message>
        <source>Casts: remove the most Casts</source>
        <translation>Cast：去掉最多的 Cast</translation>
    </message>
    <message>
        <source>Time: most measured Cast and fp32 time</source>
        <translation>时间：最多的实测 Cast 与 fp32 时间</translation>
    </message>
    <message>
        <source>An op-type edit moving more other nodes than this is replaced by keep_dtype entries</source>
        <translation>按算子类型的编辑若移动的其他节点多于此数，则改用 keep_dtype 条目</translation>
    </message>
    <message>
        <source>Keep in fp32:</source>
        <translation>保持 fp32：</translation>
    </message>
    <message>
        <source>Objective:</source>
        <translation>目标：</translation>
    </message>
    <message>
        <source>Max edits</source>
        <translation>最多编辑数</translation>
    </message>
    <message>
        <source>Max other nodes moved</source>
        <translation>最多移动其他节点数</translation>
    </message>
    <message>
        <source>Plan:</source>
        <translation>方案：</translation>
    </message>
    <message>
        <source>No graph</source>
        <translation>没有计算图</translation>
    </message>
    <message>
        <source>Open a graph first: the advice is for the graph, library, mixlist and mode of the Graph tab.</source>
        <translation>请先打开计算图：建议针对“图”页签中的计算图、算子库、混合精度列表和模式。</translation>
    </message>
    <message>
        <source>picked in the graph</source>
        <translation>在图中选取</translation>
    </message>
    <message>
        <source>Nothing to protect</source>
        <translation>没有要保护的节点</translation>
    </message>
    <message>
        <source>Select nodes in the graph and press Protect Selected, or open evidence whose rows flag nodes.</source>
        <translation>请在图中选择节点并点击“保护所选节点”，或打开标记了节点的证据文件。</translation>
    </message>
    <message numerus="yes">
        <source>%1. %2 — %n edit(s)%3</source>
        <translation>
            <numerusform>%1. %2 — %n 处编辑%3</numerusform>
        </translation>
    </message>
    <message>
        <source>, does not reach the goal</source>
        <translation>，未达到目标</translation>
    </message>
    <message>
        <source>%1 protected node(s), %2 candidate edit(s), %3 plan(s), %4 re-resolution(s).</source>
        <translation>%1 个受保护节点，%2 个候选编辑，%3 个方案，%4 次重新推导。</translation>
    </message>
    <message>
        <source>No plan: no edit reaches the goal.</source>
        <translation>没有方案：没有编辑能达到目标。</translation>
    </message>
    <message>
        <source>Verified by re-resolving.</source>
        <translation>已通过重新推导验证。</translation>
    </message>
    <message>
        <source>Does not reach the goal.</source>
        <translation>未达到目标。</translation>
    </message>
    <message>
        <source>no edit</source>
        <translation>无编辑</translation>
    </message>
    <message>
        <source>The keep_dtype entries are not part of the mixlist: Export keep_dtype... writes them for the compiler&apos;s --keep_dtype option.</source>
        <translation>keep_dtype 条目不属于混合精度列表：“导出 keep_dtype...”会将其写出，供编译器的 --keep_dtype 选项使用。</translation>
    </message>
    <message>
        <source>before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>after</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>float16 nodes</source>
        <translation>float16 节点</translation>
    </message>
    <message>
        <source>bfloat16 nodes</source>
        <translation>bfloat16 节点</translation>
    </message>
    <message>
        <source>float32 nodes</source>
        <translation>float32 节点</translation>
    </message>
    <message>
        <source>Casts</source>
        <translation>Cast</translation>
    </message>
    <message>
        <source>Cast time (estimated)</source>
        <translation>Cast 时间（估计）</translation>
    </message>
    <message>
        <source>Measured fp32 kernel time of the nodes moved to 16 bits: %1 us (at stake, not a promised saving).</source>
        <translation>移到 16 位的节点的实测 fp32 kernel 时间：%1 us（涉及的时间，并非承诺的节省）。</translation>
    </message>
    <message>
        <source>Still not fp32:</source>
        <translation>仍非 fp32：</translation>
    </message>
    <message>
        <source> and %1 more</source>
        <translation>及另外 %1 个</translation>
    </message>
    <message numerus="yes">
        <source>%n other node(s) move:</source>
        <translation>
            <numerusform>%n 个其他节点移动：</numerusform>
        </translation>
    </message>
    <message>
        <source>... and %1 more</source>
        <translation>……另有 %1 项</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>限制</translation>
    </message>
    <message>
        <source>Nothing to apply</source>
        <translation>无可应用内容</translation>
    </message>
    <message>
        <source>The mixlist already holds this plan&apos;s entries.</source>
        <translation>混合精度列表已包含此方案的条目。</translation>
    </message>
    <message>
        <source>The mixlist changed</source>
        <translation>混合精度列表已更改</translation>
    </message>
    <message>
        <source>The mixlist was edited after the advice was computed: press Advise again.</source>
        <translation>计算建议后混合精度列表已被编辑：请重新点击“给出建议”。</translation>
    </message>
    <message numerus="yes">
        <source>Apply advice (%n edit(s))</source>
        <translation>
            <numerusform>应用建议（%n 处编辑）</numerusform>
        </translation>
    </message>
    <message>
        <source>No keep_dtype</source>
        <translation>没有 keep_dtype</translation>
    </message>
    <message>
        <source>The chosen plan adds no keep_dtype entry.</source>
        <translation>所选方案未添加 keep_dtype 条目。</translation>
    </message>
    <message>
        <source>Export keep_dtype</source>
        <translation>导出 keep_dtype</translation>
    </message>
    <message>
        <source>keep_dtype files (*.cfg *.txt);;All files (*)</source>
        <translation>keep_dtype 文件 (*.cfg *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Advice cancelled.</source>
        <translation>已取消建议。</translation>
    </message>
    <message>
        <source>Advising: re-resolving the graph for each candidate edit...</source>
        <translation>正在给出建议：为每个候选编辑重新推导计算图...</translation>
    </message>
    <message>
        <source>Advising</source>
        <translation>正在给出建议</translation>
    </message>
</context>
<context>
    <name>opsinfo::AtlasModel</name>
    <message>
        <source>colour</source>
        <translation>名单</translation>
    </message>
    <message>
        <source>presence</source>
        <translation>存在性</translation>
    </message>
    <message>
        <source>only the mixlist names it</source>
        <translation>仅混合精度名单提及它</translation>
    </message>
    <message>
        <source>dtypes known at compile time (dynamicFormat)</source>
        <translation>数据类型在编译时确定（dynamicFormat）</translation>
    </message>
    <message>
        <source>no dtypes listed</source>
        <translation>未列出数据类型</translation>
    </message>
    <message>
        <source>no float dtype</source>
        <translation>无浮点数据类型</translation>
    </message>
    <message>
        <source>Sources that have this op type give it different colours</source>
        <translation>包含此算子类型的来源给出的名单不同</translation>
    </message>
    <message>
        <source>Some sources lack this op type</source>
        <translation>部分来源缺少此算子类型</translation>
    </message>
    <message>
        <source>%1 has no op type %2</source>
        <translation>%1 中没有算子类型 %2</translation>
    </message>
    <message>
        <source>%1 in %2: %3 list; float dtypes: %4</source>
        <translation>%1 在 %2 中：%3；浮点数据类型：%4</translation>
    </message>
    <message>
        <source>no kernel column for %1</source>
        <translation>没有 %1 的 kernel 列</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Differs</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>How the sources differ on this op type</source>
        <translation>各来源在此算子类型上的差异</translation>
    </message>
</context>
<context>
    <name>opsinfo::AtlasView</name>
    <message>
        <source>Differing only</source>
        <translation>仅显示有差异的</translation>
    </message>
    <message>
        <source>Apply the open mixlist to every source</source>
        <translation>对每个来源应用当前打开的混合精度名单</translation>
    </message>
    <message>
        <source>Filter op types</source>
        <translation>筛选算子类型</translation>
    </message>
    <message>
        <source>What the same training script gets on each source: the open mixlist applied to all (X3)</source>
        <translation>同一训练脚本在每个来源上得到的结果：对所有来源应用当前打开的混合精度名单（X3）</translation>
    </message>
    <message>
        <source>Add &amp;Folder...</source>
        <translation>添加目录(&amp;F)...</translation>
    </message>
    <message>
        <source>Add Library &amp;Files...</source>
        <translation>添加算子信息库文件(&amp;F)...</translation>
    </message>
    <message>
        <source>Ops-info files, each a source (user copies of one library, say)</source>
        <translation>算子信息库文件，每个文件为一个来源（例如同一算子信息库的多份用户副本）</translation>
    </message>
    <message>
        <source>Add the &amp;Open Library</source>
        <translation>添加当前打开的算子信息库(&amp;O)</translation>
    </message>
    <message>
        <source>The open library with its edits, as it is now</source>
        <translation>当前打开的算子信息库，包含现有修改</translation>
    </message>
    <message>
        <source>&amp;Clear</source>
        <translation>清空(&amp;C)</translation>
    </message>
    <message>
        <source>Remove every source</source>
        <translation>移除所有来源</translation>
    </message>
    <message>
        <source>Add to the Atlas: Opp, Store or Soc Folder</source>
        <translation>添加到图谱：OPP、Store 或 SoC 目录</translation>
    </message>
    <message>
        <source>Add to the Atlas: Library Files</source>
        <translation>添加到图谱：算子信息库文件</translation>
    </message>
    <message>
        <source>Ops-info libraries (*.json *.ini);;All files (*)</source>
        <translation>算子信息库 (*.json *.ini);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Policy &amp;Atlas (CSV)...</source>
        <translation>策略图谱 (CSV)(&amp;A)...</translation>
    </message>
    <message>
        <source>The atlas rows shown: a header, then one row per op type</source>
        <translation>当前显示的图谱行：一行表头，然后每个算子类型一行</translation>
    </message>
    <message>
        <source>Policy Atlas (S&amp;VG)...</source>
        <translation>策略图谱 (SVG)(&amp;V)...</translation>
    </message>
    <message>
        <source>The atlas rows shown, as an image for reports</source>
        <translation>当前显示的图谱行，导出为用于报告的图像</translation>
    </message>
    <message>
        <source>SoCs of %1</source>
        <translation>%1 中的 SoC</translation>
    </message>
    <message numerus="yes">
        <source>%1 holds %n soc folder(s). Each checked one becomes a column of the atlas.</source>
        <translation>
            <numerusform>%1 包含 %n 个 SoC 目录。每个勾选的目录成为图谱中的一列。</numerusform>
        </translation>
    </message>
    <message>
        <source>open: %1</source>
        <translation>当前打开：%1</translation>
    </message>
    <message numerus="yes">
        <source>Building the atlas of %n source(s)…</source>
        <translation>
            <numerusform>正在构建 %n 个来源的图谱…</numerusform>
        </translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>忙碌</translation>
    </message>
    <message>
        <source>Another file is loading: add the sources when it is done.</source>
        <translation>另一个文件正在加载：请在其完成后再添加来源。</translation>
    </message>
    <message>
        <source>%1 was not added: it has errors</source>
        <translation>未添加 %1：它存在错误</translation>
    </message>
    <message>
        <source>Add the sources to compare: an opp folder offers every soc folder in it; library files (user copies) are a source each.</source>
        <translation>添加要比较的来源：OPP 目录会提供其中的每个 SoC 目录；每个算子信息库文件（用户副本）为一个来源。</translation>
    </message>
    <message>
        <source>%1 sources · %2 op types · %3 differ in colour · %4 missing from some sources · %5 shown</source>
        <translation>%1 个来源 · %2 个算子类型 · %3 个名单不同 · %4 个在部分来源中缺失 · 显示 %5 个</translation>
    </message>
    <message>
        <source>Nothing to export</source>
        <translation>没有可导出的内容</translation>
    </message>
    <message>
        <source>Add sources to the atlas first.</source>
        <translation>请先向图谱添加来源。</translation>
    </message>
    <message>
        <source>Export Policy Atlas (CSV)</source>
        <translation>导出策略图谱 (CSV)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export Policy Atlas (SVG)</source>
        <translation>导出策略图谱 (SVG)</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message numerus="yes">
        <source>Policy atlas: %n source(s)</source>
        <translation>
            <numerusform>策略图谱：%n 个来源</numerusform>
        </translation>
    </message>
    <message>
        <source>An opp, store or config folder (every soc folder in it is offered), a soc folder, or a folder of library copies (every file in it is offered)</source>
        <translation>OPP、store 或 config 目录（提供其中的每个 SoC 目录供选择）、单个 SoC 目录，或存放算子信息库副本的目录（提供其中的每个文件供选择）</translation>
    </message>
    <message>
        <source>Library copies in %1</source>
        <translation>%1 中的算子信息库副本</translation>
    </message>
    <message numerus="yes">
        <source>%1 holds %n library file(s) that are not the pieces of one soc folder. Each checked one becomes a column of the atlas.</source>
        <translation>
            <numerusform>%1 包含 %n 个算子信息库文件，它们不是同一 SoC 目录的组成部分。每个勾选的文件成为图谱中的一列。</numerusform>
        </translation>
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
    <message>
        <source>Mixlist on both</source>
        <translation>两侧均应用混合精度名单</translation>
    </message>
    <message>
        <source>Types on one side only</source>
        <translation>仅一侧存在的类型</translation>
    </message>
    <message>
        <source>Filter op types</source>
        <translation>筛选算子类型</translation>
    </message>
    <message>
        <source>Apply the open mixlist to the other library too (X3), so the diff shows what the same training script gets on each</source>
        <translation>对另一个算子信息库也应用当前打开的混合精度名单（X3），使差异显示同一训练脚本在两侧分别得到的结果</translation>
    </message>
    <message>
        <source>Also list op types that only one side has (absent-&gt;white ...)</source>
        <translation>同时列出仅一侧存在的算子类型（absent-&gt;white 等）</translation>
    </message>
    <message>
        <source>Compare with another library…</source>
        <translation>与另一个算子信息库比较…</translation>
    </message>
    <message>
        <source>Open library → %1</source>
        <translation>当前算子信息库 → %1</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>Select an op type to see why it has its colour on each side.</source>
        <translation>选择一个算子类型，查看它在两侧各自属于该名单的原因。</translation>
    </message>
    <message>
        <source>Transition &amp;Matrix (SVG)...</source>
        <translation>名单变化矩阵 (SVG)(&amp;M)...</translation>
    </message>
    <message>
        <source>The diff&apos;s white/black/gray transition matrix as an SVG image for reports</source>
        <translation>将差异的白/黑/灰名单变化矩阵导出为用于报告的 SVG 图像</translation>
    </message>
    <message>
        <source>Open mixlist → %1 (same library)</source>
        <translation>当前混合精度名单 → %1（同一算子信息库）</translation>
    </message>
    <message>
        <source>Rows (A): %1</source>
        <translation>行 (A)：%1</translation>
    </message>
    <message>
        <source>Columns (B): %1</source>
        <translation>列 (B)：%1</translation>
    </message>
    <message>
        <source>%1 (%2 → %3)</source>
        <translation>%1（%2 → %3）</translation>
    </message>
    <message>
        <source>All changes</source>
        <translation>所有变化</translation>
    </message>
    <message>
        <source>%1 (%2, unchanged)</source>
        <translation>%1（%2，未变）</translation>
    </message>
    <message>
        <source>%1 has no op type %2</source>
        <translation>%1 中没有算子类型 %2</translation>
    </message>
    <message>
        <source>Nothing to export</source>
        <translation>没有可导出的内容</translation>
    </message>
    <message>
        <source>Open the Diff tab first.</source>
        <translation>请先打开“差异”标签页。</translation>
    </message>
    <message>
        <source>Export Transition Matrix (SVG)</source>
        <translation>导出名单变化矩阵 (SVG)</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>Transition matrix: %1 → %2</source>
        <translation>名单变化矩阵：%1 → %2</translation>
    </message>
</context>
<context>
    <name>opsinfo::DocumentIo</name>
    <message>
        <source>… and %1 more</source>
        <translation>……另有 %1 项</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>正在保存 %1…</translation>
    </message>
    <message>
        <source>%1 was not saved</source>
        <translation>%1 未保存</translation>
    </message>
    <message>
        <source>Another file is being loaded or saved.</source>
        <translation>正在加载或保存另一个文件。</translation>
    </message>
    <message>
        <source>Save again when it is done.</source>
        <translation>请在其完成后再次保存。</translation>
    </message>
    <message>
        <source>%1 was written</source>
        <translation>已写入 %1</translation>
    </message>
</context>
<context>
    <name>opsinfo::EvidenceTypeModel</name>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行次数</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>AI CPU runs</source>
        <translation>AI CPU 运行次数</translation>
    </message>
    <message>
        <source>Executed dtypes</source>
        <translation>实际执行的数据类型</translation>
    </message>
    <message>
        <source>The evidence records no kernel times.</source>
        <translation>证据中没有记录 kernel 时间。</translation>
    </message>
    <message>
        <source>Measured: %1 in all. Cast: %2 runs, %3 (%4%). AI CPU: %5 runs.</source>
        <translation>实测：共 %1。Cast：%2 次，%3（%4%）。AI CPU：%5 次。</translation>
    </message>
</context>
<context>
    <name>opsinfo::EvidenceTypePanel</name>
    <message>
        <source>Profiler evidence (%1 files): %2</source>
        <translation>性能证据（%1 个文件）：%2</translation>
    </message>
</context>
<context>
    <name>opsinfo::FileController</name>
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
        <source>Open a SoC of %1</source>
        <translation>打开 %1 中的一个 SoC</translation>
    </message>
    <message>
        <source>This folder holds the ops-info libraries of %1 SoCs. Which one do you compile for?</source>
        <translation>此文件夹包含 %1 个 SoC 的算子信息库。您要为哪一个编译？</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>%1 is none of the files OpsInfo Studio reads.</source>
        <translation>%1 不是 OpsInfo Studio 能读取的文件。</translation>
    </message>
    <message>
        <source>Open an ops-info library (.json, .ini or a folder), a modify_mixlist, a graph (ONNX, GE dump, ATC json, TensorFlow pbtxt), evidence (profiler or compare CSV, msprobe dump.json), a keep_dtype, customize_dtypes, fe.ini or platform ini file.</source>
        <translation>请打开算子信息库（.json、.ini 或文件夹）、modify_mixlist、计算图（ONNX、GE dump、ATC json、TensorFlow pbtxt）、证据文件（profiler 或比对 CSV、msprobe dump.json），或 keep_dtype、customize_dtypes、fe.ini、平台 ini 文件。</translation>
    </message>
</context>
<context>
    <name>opsinfo::FrontEndChoice</name>
    <message>
        <source>Any (no front end: every setting, the chosen mode)</source>
        <translation>任意（每项设置，所选模式）</translation>
    </message>
</context>
<context>
    <name>opsinfo::FrontEndCombo</name>
    <message>
        <source>The path your model takes to the NPU: its default precision mode, and the settings it passes to the compiler (FRONTENDS.md F1)</source>
        <translation>模型到达 NPU 的路径：其默认精度模式，以及它传给编译器的设置（FRONTENDS.md F1）</translation>
    </message>
</context>
<context>
    <name>opsinfo::FrontEndMenu</name>
    <message>
        <source>&amp;Front End</source>
        <translation>前端(&amp;F)</translation>
    </message>
</context>
<context>
    <name>opsinfo::FrontEndNotice</name>
    <message>
        <source>&lt;b&gt;Front end %1&lt;/b&gt; (%2): precision mode &lt;b&gt;%3&lt;/b&gt;%4</source>
        <translation>&lt;b&gt;前端 %1&lt;/b&gt;（%2）：精度模式 &lt;b&gt;%3&lt;/b&gt;%4</translation>
    </message>
    <message>
        <source>, default for this front end</source>
        <translation>，此前端的默认值</translation>
    </message>
    <message>
        <source>⚠ %1 The preview uses %2 until a SoC is known.</source>
        <translation>⚠ %1 在确定 SoC 之前，预览使用 %2。</translation>
    </message>
    <message>
        <source>⚠ Does nothing here: %1</source>
        <translation>⚠ 在此不起作用：%1</translation>
    </message>
</context>
<context>
    <name>opsinfo::GraphCanvas</name>
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
        <source>Graph exported by OpsInfo Studio</source>
        <translation>由 OpsInfo Studio 导出的计算图</translation>
    </message>
    <message>
        <source>Cannot encode the image: %1.</source>
        <translation>无法编码图像：%1。</translation>
    </message>
    <message>
        <source>Cannot draw the SVG image.</source>
        <translation>无法绘制 SVG 图像。</translation>
    </message>
</context>
<context>
    <name>opsinfo::GraphDiffModel</name>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>Casts in</source>
        <translation>输入 Cast</translation>
    </message>
</context>
<context>
    <name>opsinfo::GraphDiffPanel</name>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Highlight changed nodes in the graph</source>
        <translation>在计算图中高亮变化的节点</translation>
    </message>
    <message>
        <source>Mode A vs mode B</source>
        <translation>模式 A 与模式 B</translation>
    </message>
    <message>
        <source>Mixlist A vs mixlist B</source>
        <translation>混合精度名单 A 与混合精度名单 B</translation>
    </message>
    <message>
        <source>Compare:</source>
        <translation>比较：</translation>
    </message>
    <message>
        <source>A:</source>
        <translation>A：</translation>
    </message>
    <message>
        <source>B:</source>
        <translation>B：</translation>
    </message>
    <message>
        <source>Mixlist to Compare</source>
        <translation>要比较的混合精度名单</translation>
    </message>
    <message>
        <source>Mixlists (*.json);;All files (*)</source>
        <translation>混合精度名单 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>current colours (edits + mixlist)</source>
        <translation>当前名单（编辑 + 混合精度名单）</translation>
    </message>
    <message>
        <source>no mixlist (edits only)</source>
        <translation>无混合精度名单（仅编辑）</translation>
    </message>
    <message>
        <source>library as opened (no edits, no mixlist)</source>
        <translation>打开时的算子信息库（无编辑、无混合精度名单）</translation>
    </message>
    <message>
        <source>mixlist file...</source>
        <translation>混合精度名单文件...</translation>
    </message>
    <message>
        <source>no mixlist</source>
        <translation>无混合精度名单</translation>
    </message>
    <message>
        <source>as opened</source>
        <translation>打开时</translation>
    </message>
    <message>
        <source>%1 (unreadable)</source>
        <translation>%1（无法读取）</translation>
    </message>
    <message>
        <source>%1 (invalid: %2)</source>
        <translation>%1（无效：%2）</translation>
    </message>
    <message>
        <source>current (%1)</source>
        <translation>当前（%1）</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>无法比较：%1</translation>
    </message>
    <message>
        <source>Comparing...</source>
        <translation>正在比较...</translation>
    </message>
    <message>
        <source>Comparing</source>
        <translation>正在比较</translation>
    </message>
    <message>
        <source>Resolving side A</source>
        <translation>正在推导 A 侧</translation>
    </message>
    <message>
        <source>Resolving side B</source>
        <translation>正在推导 B 侧</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) change dtype; casts %1 → %2 (%3)</source>
        <translation>
            <numerusform>%n 个节点的数据类型发生变化；Cast 数 %1 → %2（%3）</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a changed node to compare its two explanations.</source>
        <translation>选择一个有变化的节点，比较它的两份解释。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1: %2&lt;/b&gt; — %3 fp16 · %4 bf16 · %5 fp32 · %6 AI CPU · %7 casts</source>
        <translation>&lt;b&gt;%1：%2&lt;/b&gt; — fp16 %3 · bf16 %4 · fp32 %5 · AI CPU %6 · Cast %7</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) changed</source>
        <translation>
            <numerusform>%n 个节点有变化</numerusform>
        </translation>
    </message>
    <message>
        <source>FE does not decide this node: it keeps the graph&apos;s dtypes (§8.1).</source>
        <translation>FE 不判定此节点：它保持计算图中的数据类型（§8.1）。</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>Explaining both sides…</source>
        <translation>正在解释两侧…</translation>
    </message>
    <message>
        <source>Explaining</source>
        <translation>正在解释</translation>
    </message>
    <message>
        <source>Explaining side A</source>
        <translation>正在解释 A 侧</translation>
    </message>
    <message>
        <source>Explaining side B</source>
        <translation>正在解释 B 侧</translation>
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
    <name>opsinfo::GraphTab</name>
    <message>
        <source>Open &amp;Graph...</source>
        <translation>打开计算图(&amp;G)...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+G</source>
        <translation>Ctrl+Shift+G</translation>
    </message>
    <message>
        <source>ONNX, GE dumps (ge_proto_*.txt, ge_onnx_*.pbtxt), ATC JSON or TensorFlow GraphDef</source>
        <translation>ONNX、GE dump（ge_proto_*.txt、ge_onnx_*.pbtxt）、ATC JSON 或 TensorFlow GraphDef</translation>
    </message>
    <message>
        <source>Open Graph</source>
        <translation>打开计算图</translation>
    </message>
    <message>
        <source>Graphs (*.onnx *.txt *.pbtxt *.json *.pb);;All files (*)</source>
        <translation>计算图 (*.onnx *.txt *.pbtxt *.json *.pb);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Per-Node Report (&amp;JSON)...</source>
        <translation>逐节点报告 (&amp;JSON)...</translation>
    </message>
    <message>
        <source>Per-Node Report (&amp;CSV)...</source>
        <translation>逐节点报告 (&amp;CSV)...</translation>
    </message>
    <message>
        <source>Graph Image (&amp;SVG)...</source>
        <translation>计算图图像 (&amp;SVG)...</translation>
    </message>
    <message>
        <source>Graph Image (&amp;PNG)...</source>
        <translation>计算图图像 (&amp;PNG)...</translation>
    </message>
    <message>
        <source>keep_dtype from Selected Graph &amp;Nodes...</source>
        <translation>由选中的计算图节点生成 keep_dtype(&amp;N)...</translation>
    </message>
    <message>
        <source>Nothing to export</source>
        <translation>没有可导出的内容</translation>
    </message>
    <message>
        <source>No graph is loaded, or it is still being resolved.</source>
        <translation>未加载计算图，或仍在推导中。</translation>
    </message>
    <message>
        <source>Open a graph with File &gt; Open Graph and wait for its colours.</source>
        <translation>请通过“文件 &gt; 打开计算图”打开计算图，并等待着色完成。</translation>
    </message>
    <message>
        <source>Export Per-Node Report (JSON)</source>
        <translation>导出逐节点报告（JSON）</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export Per-Node Report (CSV)</source>
        <translation>导出逐节点报告（CSV）</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export Graph Image (SVG)</source>
        <translation>导出计算图图像（SVG）</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>Cannot export the graph</source>
        <translation>无法导出计算图</translation>
    </message>
    <message>
        <source>Export Graph Image (PNG)</source>
        <translation>导出计算图图像（PNG）</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>未选择任何内容</translation>
    </message>
    <message>
        <source>Select a node or a collapsed scope in the graph first: keep_dtype lists the selected nodes by name (M8).</source>
        <translation>请先在计算图中选择节点或已折叠的作用域：keep_dtype 按名称列出选中的节点（M8）。</translation>
    </message>
    <message>
        <source>Export keep_dtype</source>
        <translation>导出 keep_dtype</translation>
    </message>
    <message>
        <source>keep_dtype files (*.cfg *.txt);;All files (*)</source>
        <translation>keep_dtype 文件 (*.cfg *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Advisor</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Open &amp;Evidence...</source>
        <translation>打开证据(&amp;E)...</translation>
    </message>
    <message>
        <source>Profiler CSVs (kernel_details, op_summary, op_statistic), msprobe / msaccucmp compare results, msprobe dump.json, MindSpore statistic.csv</source>
        <translation>性能 CSV（kernel_details、op_summary、op_statistic）、msprobe / msaccucmp 比对结果、msprobe dump.json、MindSpore statistic.csv</translation>
    </message>
    <message>
        <source>Open Evidence</source>
        <translation>打开证据</translation>
    </message>
    <message>
        <source>Evidence (*.csv *.json);;All files (*)</source>
        <translation>证据 (*.csv *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Close Evidence</source>
        <translation>关闭证据</translation>
    </message>
    <message>
        <source>Cannot read the evidence</source>
        <translation>无法读取证据</translation>
    </message>
    <message>
        <source>Export the file again from the profiler or compare tool, or pick another file.</source>
        <translation>请从性能分析或比对工具重新导出该文件，或选择其他文件。</translation>
    </message>
    <message>
        <source>Reading evidence</source>
        <translation>正在读取证据</translation>
    </message>
    <message>
        <source>Text files (*.cfg *.txt *.ini);;All files (*)</source>
        <translation>文本文件 (*.cfg *.txt *.ini);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Load &amp;keep_dtype File...</source>
        <translation>加载 keep_dtype 文件(&amp;K)...</translation>
    </message>
    <message>
        <source>Load keep_dtype File</source>
        <translation>加载 keep_dtype 文件</translation>
    </message>
    <message>
        <source>Load &amp;customize_dtypes File...</source>
        <translation>加载 customize_dtypes 文件(&amp;C)...</translation>
    </message>
    <message>
        <source>Load customize_dtypes File</source>
        <translation>加载 customize_dtypes 文件</translation>
    </message>
    <message>
        <source>Load fe.&amp;ini (Cube-Op List)...</source>
        <translation>加载 fe.ini（Cube 算子列表）(&amp;I)...</translation>
    </message>
    <message>
        <source>Load fe.ini</source>
        <translation>加载 fe.ini</translation>
    </message>
    <message>
        <source>fe.ini (*.ini);;All files (*)</source>
        <translation>fe.ini (*.ini);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Nodes (by name or OpType::X) that keep their dtype in every mode, as atc --keep_dtype (M8)</source>
        <translation>在所有模式下保持原数据类型的节点（按名称或 OpType::X），与 atc --keep_dtype 相同（M8）</translation>
    </message>
    <message>
        <source>Per node or op type, the dtypes to pick, as atc --customize_dtypes (M8)</source>
        <translation>按节点或算子类型指定要选用的数据类型，与 atc --customize_dtypes 相同（M8）</translation>
    </message>
    <message>
        <source>The cube ops (fp16.op_type) as the compiler&apos;s fe.ini sets them; by default the fe.ini beside an opened opp folder</source>
        <translation>编译器 fe.ini 所设置的 Cube 算子（fp16.op_type）；默认使用所打开 opp 目录旁的 fe.ini</translation>
    </message>
    <message>
        <source>Cannot use %1</source>
        <translation>无法使用 %1</translation>
    </message>
    <message>
        <source>%1 is no keep_dtype, customize_dtypes or fe.ini file.</source>
        <translation>%1 不是 keep_dtype、customize_dtypes 或 fe.ini 文件。</translation>
    </message>
    <message>
        <source>A keep_dtype file lists one node name or OpType::X per line; a customize_dtypes line reads NAME:InputDtype:...,OutputDtype:...; fe.ini sets fp16.op_type.</source>
        <translation>keep_dtype 文件每行一个节点名或 OpType::X；customize_dtypes 的每行形如 NAME:InputDtype:...,OutputDtype:...；fe.ini 设置 fp16.op_type。</translation>
    </message>
    <message>
        <source>Export again when it is shown.</source>
        <translation>等计算图显示出来后再导出。</translation>
    </message>
    <message>
        <source>Very large graphs export better as SVG.</source>
        <translation>非常大的计算图更适合导出为 SVG。</translation>
    </message>
    <message>
        <source>Nothing to import</source>
        <translation>没有可导入的内容</translation>
    </message>
    <message>
        <source>Load &amp;Platform ini (SoC)...</source>
        <translation>加载平台 ini（SoC）(&amp;P)...</translation>
    </message>
    <message>
        <source>Load a platform ini</source>
        <translation>加载平台 ini</translation>
    </message>
    <message>
        <source>Platform ini (*.ini);;All files (*)</source>
        <translation>平台 ini (*.ini);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The SoC every mode is checked against, from its platform_config/&lt;SoC_version&gt;.ini (bf16 modes need f322bf16 in Intrinsic_vconv); by default the library&apos;s SoC</source>
        <translation>检查各精度模式所依据的 SoC，取自其 platform_config/&lt;SoC_version&gt;.ini（bf16 模式需要 Intrinsic_vconv 中有 f322bf16）；默认使用算子信息库的 SoC</translation>
    </message>
    <message>
        <source>&amp;Unload keep_dtype, customize_dtypes, fe.ini and platform ini</source>
        <translation>卸载 keep_dtype、customize_dtypes、fe.ini 和平台 ini(&amp;U)</translation>
    </message>
</context>
<context>
    <name>opsinfo::GraphTabState</name>
    <message>
        <source>... and %1 more</source>
        <translation>……另有 %1 项</translation>
    </message>
    <message>
        <source>The work stopped without a result.</source>
        <translation>任务已停止，没有结果。</translation>
    </message>
    <message>
        <source>Try again; if it keeps failing, report the graph file with this message.</source>
        <translation>请重试；如果仍然失败，请连同此消息报告该计算图文件。</translation>
    </message>
    <message>
        <source>Cannot open the graph</source>
        <translation>无法打开计算图</translation>
    </message>
    <message>
        <source>%1 is not a readable file.</source>
        <translation>%1 不是可读的文件。</translation>
    </message>
    <message>
        <source>Check the path and the file&apos;s permissions.</source>
        <translation>请检查路径和文件权限。</translation>
    </message>
    <message>
        <source>Cannot open the sample graph</source>
        <translation>无法打开示例计算图</translation>
    </message>
    <message>
        <source>%1 is missing from this build.</source>
        <translation>此版本中缺少 %1。</translation>
    </message>
    <message>
        <source>Open a graph file with File &gt; Open Graph.</source>
        <translation>请通过“文件 &gt; 打开计算图”打开计算图文件。</translation>
    </message>
    <message>
        <source>the sample graph</source>
        <translation>示例计算图</translation>
    </message>
    <message>
        <source>Loading %1</source>
        <translation>正在加载 %1</translation>
    </message>
    <message>
        <source>Reading the graph</source>
        <translation>正在读取计算图</translation>
    </message>
    <message>
        <source>Laying out %1 nodes</source>
        <translation>正在布局 %1 个节点</translation>
    </message>
    <message>
        <source>Preparing the resolver</source>
        <translation>正在准备推导器</translation>
    </message>
    <message>
        <source>Resolving</source>
        <translation>正在推导</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>%1 could not be read as a graph:
%2</source>
        <translation>无法将 %1 读取为计算图：
%2</translation>
    </message>
    <message>
        <source>The sample graph</source>
        <translation>示例计算图</translation>
    </message>
    <message>
        <source>OpsInfo Studio reads ONNX (.onnx), GE dumps (ge_proto_*.txt, ge_onnx_*.pbtxt), ATC JSON (atc --mode=1) and TensorFlow GraphDef (.pb, .pbtxt).</source>
        <translation>OpsInfo Studio 可读取 ONNX（.onnx）、GE dump（ge_proto_*.txt、ge_onnx_*.pbtxt）、ATC JSON（atc --mode=1）和 TensorFlow GraphDef（.pb、.pbtxt）。</translation>
    </message>
    <message>
        <source>Cannot open the %1 file</source>
        <translation>无法打开 %1 文件</translation>
    </message>
    <message>
        <source>Cannot use the %1 file</source>
        <translation>无法使用 %1 文件</translation>
    </message>
    <message>
        <source>%1 has %2 bytes: far more than a %3 file holds.</source>
        <translation>%1 有 %2 字节，远超 %3 文件应有的大小。</translation>
    </message>
    <message>
        <source>Check that this is the file you meant.</source>
        <translation>请确认这是您要使用的文件。</translation>
    </message>
    <message>
        <source>%1 has errors; nothing of it is used:
%2</source>
        <translation>%1 有错误，其内容均未使用：
%2</translation>
    </message>
    <message>
        <source>Correct the lines named (file:line:column), then load it again.</source>
        <translation>请更正所指出的行（文件:行:列），然后重新加载。</translation>
    </message>
    <message>
        <source>Cannot use the platform ini</source>
        <translation>无法使用该平台 ini</translation>
    </message>
    <message>
        <source>%1 has no SoC_version line: it is not a platform ini.</source>
        <translation>%1 中没有 SoC_version 行：它不是平台 ini 文件。</translation>
    </message>
    <message>
        <source>Open the &lt;SoC_version&gt;.ini of the CANN install&apos;s platform_config folder.</source>
        <translation>请打开 CANN 安装目录 platform_config 文件夹中的 &lt;SoC_version&gt;.ini。</translation>
    </message>
</context>
<context>
    <name>opsinfo::GraphTabWidget</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>precision_mode / precision_mode_v2, aliases included (§4)</source>
        <translation>precision_mode / precision_mode_v2，含别名（§4）</translation>
    </message>
    <message>
        <source>FE (G1–G5)</source>
        <translation>FE（G1–G5）</translation>
    </message>
    <message>
        <source>previous op (G6)</source>
        <translation>前一个算子（G6）</translation>
    </message>
    <message>
        <source>How gray ops read their producers: FE&apos;s rule, or the seed&apos;s &quot;same as the previous op&quot; (G6)</source>
        <translation>灰名单算子如何参考上游算子：FE 的规则，或原始文档中的“与前一个算子相同”（G6）</translation>
    </message>
    <message>
        <source>Find node by name or type (Enter: next)</source>
        <translation>按名称或类型查找节点（Enter：下一个）</translation>
    </message>
    <message>
        <source>Zoom in (+)</source>
        <translation>放大 (+)</translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation>缩小 (-)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Fit the graph to the view (F)</source>
        <translation>使计算图适应视图 (F)</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>模式：</translation>
    </message>
    <message>
        <source>Gray rule:</source>
        <translation>灰名单规则：</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>All modes</source>
        <translation>所有模式</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>差异</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
    <message>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <source>precision_mode_v2</source>
        <translation>precision_mode_v2</translation>
    </message>
    <message>
        <source>precision_mode</source>
        <translation>precision_mode</translation>
    </message>
    <message>
        <source> — same as %1</source>
        <translation> — 等同于 %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;Open a graph (File &gt; Open Graph) to see how the compiler would choose its dtypes.&lt;/p&gt;</source>
        <translation>&lt;p&gt;打开一个计算图（文件 &gt; 打开计算图），查看编译器将如何选择其数据类型。&lt;/p&gt;</translation>
    </message>
    <message numerus="yes">
        <source>&lt;h3&gt;%1&lt;/h3&gt;&lt;p&gt;A collapsed scope of %n node(s). Double-click it or press Enter to expand it; File &gt; Export &gt; keep_dtype exports its nodes.&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;h3&gt;%1&lt;/h3&gt;&lt;p&gt;已折叠的作用域，含 %n 个节点。双击或按 Enter 展开；“文件 &gt; 导出 &gt; keep_dtype”可导出其节点。&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>Resolving...</source>
        <translation>正在推导...</translation>
    </message>
    <message>
        <source>No graph loaded.</source>
        <translation>未加载计算图。</translation>
    </message>
    <message>
        <source>sample graph</source>
        <translation>示例计算图</translation>
    </message>
    <message>
        <source>%1 · %2 nodes · %3: %4 fp16 · %5 bf16 · %6 fp32 · %7 AI CPU · %8 errors · %9 casts</source>
        <translation>%1 · %2 个节点 · %3：fp16 %4 · bf16 %5 · fp32 %6 · AI CPU %7 · 错误 %8 · Cast %9</translation>
    </message>
    <message numerus="yes">
        <source> · %n approximate</source>
        <translation>
            <numerusform> · 近似 %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n ambiguous</source>
        <translation>
            <numerusform> · 存在歧义 %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n load message(s)</source>
        <translation>
            <numerusform> · 加载消息 %n 条</numerusform>
        </translation>
    </message>
    <message>
        <source>Resolving every mode</source>
        <translation>正在推导所有模式</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>全部显示</translation>
    </message>
    <message>
        <source>Colour every node again</source>
        <translation>重新为所有节点着色</translation>
    </message>
    <message numerus="yes">
        <source>Marked: %1 — %n node(s) of these op types in this graph</source>
        <translation>
            <numerusform>已标记：%1 — 此计算图中有 %n 个这些算子类型的节点</numerusform>
        </translation>
    </message>
    <message>
        <source>No evidence badges</source>
        <translation>不显示证据标记</translation>
    </message>
    <message>
        <source>Badges: measured error</source>
        <translation>标记：实测误差</translation>
    </message>
    <message>
        <source>Badges: measured time</source>
        <translation>标记：实测时间</translation>
    </message>
    <message>
        <source>Mark the nodes the open evidence is about: by accuracy (green measured, orange warning, red flagged: overflow, NaN/Inf, low cosine, error verdict) or by their share of the measured time</source>
        <translation>标出已打开证据所涉及的节点：按精度（绿色为已测量，橙色为警告，红色为被标记：溢出、NaN/Inf、余弦相似度低、错误结论）或按其在实测时间中的占比</translation>
    </message>
    <message>
        <source>Front end:</source>
        <translation>前端：</translation>
    </message>
    <message>
        <source>default for this front end (%1)</source>
        <translation>此前端的默认值（%1）</translation>
    </message>
    <message>
        <source>default for this front end (depends on the SoC)</source>
        <translation>此前端的默认值（取决于 SoC）</translation>
    </message>
    <message>
        <source>No precision mode in the script: the mode %1 runs with when none is given (F1/F2)</source>
        <translation>脚本中未设置精度模式：%1 在未指定模式时使用的模式（F1/F2）</translation>
    </message>
    <message numerus="yes">
        <source> · %n GE op(s)</source>
        <translation>
            <numerusform> · %n 个 GE 算子</numerusform>
        </translation>
    </message>
    <message>
        <source>Cube ops: FE&apos;s default list (%1 types)</source>
        <translation>Cube 算子：FE 默认列表（%1 种）</translation>
    </message>
    <message>
        <source>Cube ops: fp16.op_type of %1 (%2 types)</source>
        <translation>Cube 算子：%1 中的 fp16.op_type（%2 种）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source> · keep_dtype: %1 · customize_dtypes: %2</source>
        <translation> · keep_dtype：%1 · customize_dtypes：%2</translation>
    </message>
    <message numerus="yes">
        <source> · %n warning(s)</source>
        <translation>
            <numerusform> · %n 条警告</numerusform>
        </translation>
    </message>
    <message>
        <source>File &gt; Load keep_dtype / customize_dtypes / fe.ini, or drop the file on the window</source>
        <translation>文件 &gt; 加载 keep_dtype / customize_dtypes / fe.ini，或将文件拖到窗口上</translation>
    </message>
    <message>
        <source> · SoC %1 (%2)</source>
        <translation> · SoC %1（%2）</translation>
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
    <name>opsinfo::LibraryExporter</name>
    <message>
        <source>Nothing to export</source>
        <translation>没有可导出的内容</translation>
    </message>
    <message>
        <source>No op type&apos;s colour was changed, so the patched library would be the library as opened. Change colours with W, B or G first.</source>
        <translation>没有修改任何算子类型的名单，修改后的算子信息库将与打开时相同。请先用 W、B 或 G 修改名单。</translation>
    </message>
    <message>
        <source>Export Patched Library</source>
        <translation>导出修改后的算子信息库</translation>
    </message>
    <message>
        <source>Ops-info library (aic-*-ops-info*.json);;JSON files (*.json)</source>
        <translation>算子信息库 (aic-*-ops-info*.json);;JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Not exported</source>
        <translation>未导出</translation>
    </message>
    <message>
        <source>%1 is the library file you opened.</source>
        <translation>%1 是您打开的算子信息库文件。</translation>
    </message>
    <message>
        <source>Use Save to write the edits into it (with a backup), or choose another name.</source>
        <translation>请使用“保存”将修改写入该文件（会生成备份），或选择其他名称。</translation>
    </message>
    <message>
        <source>Export the Edited Library Files Into Folder</source>
        <translation>将编辑后的算子信息库文件导出到目录</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建目录 %1。</translation>
    </message>
    <message>
        <source>Choose a folder you can write to.</source>
        <translation>请选择一个可写的目录。</translation>
    </message>
    <message>
        <source>Select the op types to keep in their original dtype in the library table first; each becomes an OpType::&lt;type&gt; line.</source>
        <translation>请先在算子信息库表格中选择要保持原始数据类型的算子类型；每个类型生成一行 OpType::&lt;type&gt;。</translation>
    </message>
    <message>
        <source>Export keep_dtype File</source>
        <translation>导出 keep_dtype 文件</translation>
    </message>
    <message>
        <source>keep_dtype files (*.cfg *.txt);;All files (*)</source>
        <translation>keep_dtype 文件 (*.cfg *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 is a folder of the open library.</source>
        <translation>%1 是当前打开的算子信息库的目录。</translation>
    </message>
    <message>
        <source>Use Save to write the edits in place (with backups), or choose a folder outside the library.</source>
        <translation>请使用“保存”原地写入修改（会生成备份），或选择算子信息库之外的目录。</translation>
    </message>
</context>
<context>
    <name>opsinfo::LibraryFiles</name>
    <message>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Another file is being loaded or saved.</source>
        <translation>正在加载或保存另一个文件。</translation>
    </message>
    <message>
        <source>Try again when it is done.</source>
        <translation>请在其完成后重试。</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>%1 has errors</source>
        <translation>%1 存在错误</translation>
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
        <source>Saving %1…</source>
        <translation>正在保存 %1…</translation>
    </message>
    <message>
        <source>Save again when it is done.</source>
        <translation>请在其完成后再次保存。</translation>
    </message>
    <message>
        <source>Cannot export %1</source>
        <translation>无法导出 %1</translation>
    </message>
    <message>
        <source>Exporting %1…</source>
        <translation>正在导出 %1…</translation>
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
</context>
<context>
    <name>opsinfo::LibraryModel</name>
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
        <translation>计算图中使用</translation>
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
    <message>
        <source>Ops-info libraries (aic-*-ops-info*.json);;JSON files (*.json);;INI sources (*.ini);;All files (*)</source>
        <translation>算子信息库 (aic-*-ops-info*.json);;JSON 文件 (*.json);;INI 源文件 (*.ini);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Patched Library...</source>
        <translation>修改后的算子信息库(&amp;P)...</translation>
    </message>
    <message>
        <source>A copy of the library with the colour edits (a folder of the edited files for a soc folder); the open files stay as they are</source>
        <translation>包含名单修改的算子信息库副本（SoC 目录则导出为包含已编辑文件的目录）；已打开的文件保持不变</translation>
    </message>
    <message>
        <source>&amp;keep_dtype File from Selection...</source>
        <translation>由所选内容生成 keep_dtype 文件(&amp;K)...</translation>
    </message>
    <message>
        <source>OpType::&lt;type&gt; lines for the op types selected in the library</source>
        <translation>为算子信息库中选中的算子类型生成 OpType::&lt;type&gt; 行</translation>
    </message>
    <message>
        <source>Compare with Library &amp;File...</source>
        <translation>与算子信息库文件比较(&amp;F)...</translation>
    </message>
    <message>
        <source>Compare with Library F&amp;older...</source>
        <translation>与算子信息库目录比较(&amp;O)...</translation>
    </message>
    <message>
        <source>Diff the open library&apos;s colours against another library file</source>
        <translation>将当前算子信息库的名单与另一个算子信息库文件比较</translation>
    </message>
    <message>
        <source>Diff the open library&apos;s colours against a soc folder or opp root</source>
        <translation>将当前算子信息库的名单与 SoC 目录或 OPP 根目录比较</translation>
    </message>
    <message>
        <source>%1 has errors: compared with what could be read</source>
        <translation>%1 存在错误：仅比较了可读取的部分</translation>
    </message>
    <message>
        <source>Compare with Library File</source>
        <translation>与算子信息库文件比较</translation>
    </message>
    <message>
        <source>Compare with Soc Folder or Opp Root</source>
        <translation>与 SoC 目录或 OPP 根目录比较</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Two Sources</source>
        <translation>两个来源</translation>
    </message>
    <message>
        <source>Atlas</source>
        <translation>图谱</translation>
    </message>
    <message>
        <source>Two libraries, a library with and without a mixlist, two mixlists: the transition matrix and the op types that change</source>
        <translation>两个算子信息库、应用与不应用混合精度名单的算子信息库、两个混合精度名单：名单变化矩阵及发生变化的算子类型</translation>
    </message>
    <message>
        <source>Many SoCs, CANN versions or user copies at once</source>
        <translation>同时比较多个 SoC、CANN 版本或用户副本</translation>
    </message>
    <message>
        <source>Policy &amp;Atlas</source>
        <translation>策略图谱(&amp;A)</translation>
    </message>
    <message>
        <source>Compare with &amp;Mixlist File...</source>
        <translation>与混合精度名单文件比较(&amp;M)...</translation>
    </message>
    <message>
        <source>Diff the open mixlist against another mixlist file, on the open library</source>
        <translation>在当前算子信息库上，将当前混合精度名单与另一个混合精度名单文件比较</translation>
    </message>
    <message>
        <source>Compare with Mixlist File</source>
        <translation>与混合精度名单文件比较</translation>
    </message>
    <message>
        <source>Compare with SoCs of %1</source>
        <translation>与 %1 中的 SoC 比较</translation>
    </message>
    <message>
        <source>Check one SoC to diff the open library against it, or several to see them side by side in the atlas.</source>
        <translation>勾选一个 SoC，将当前算子信息库与之比较；或勾选多个，在图谱中并排查看。</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more line(s)</source>
        <translation>
            <numerusform>… 另有 %n 行</numerusform>
        </translation>
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
    <message>
        <source>The mode the snippet sets; the first entry sets none, so the front end&apos;s default applies</source>
        <translation>代码片段设置的模式；第一项不设置模式，因此使用前端的默认值</translation>
    </message>
    <message>
        <source>default for this front end</source>
        <translation>此前端的默认值</translation>
    </message>
    <message numerus="yes">
        <source>The compiler refuses this mixlist (%n problem(s)); fix them here and save:</source>
        <translation>
            <numerusform>编译器会拒绝该混合精度列表（%n 个问题）；请在此修复后保存：</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>opsinfo::MixlistFiles</name>
    <message>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
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
    <message>
        <source>Cannot compare with %1</source>
        <translation>无法与 %1 比较</translation>
    </message>
    <message>
        <source>%1 has errors</source>
        <translation>%1 有错误</translation>
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
<context>
    <name>opsinfo::ModeChart</name>
    <message>
        <source>Resolving every mode...</source>
        <translation>正在推导所有模式...</translation>
    </message>
    <message>
        <source>All modes</source>
        <translation>所有模式</translation>
    </message>
    <message>
        <source>fp16</source>
        <translation>fp16</translation>
    </message>
    <message>
        <source>bf16</source>
        <translation>bf16</translation>
    </message>
    <message>
        <source>fp32</source>
        <translation>fp32</translation>
    </message>
    <message>
        <source>AI CPU</source>
        <translation>AI CPU</translation>
    </message>
    <message>
        <source>Casts</source>
        <translation>Cast</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>casts</source>
        <translation>Cast</translation>
    </message>
    <message>
        <source>Nodes per decided dtype, AI CPU nodes and Casts inserted, per precision mode (C2); the table adds the GE ops (opFile Null, M9). Modes the SoC refuses ✕.</source>
        <translation>各精度模式下按判定数据类型统计的节点数、AI CPU 节点数和插入的 Cast 数（C2）；表格另列 GE 算子（opFile 为 Null，M9）。SoC 拒绝的模式标记为 ✕。</translation>
    </message>
</context>
<context>
    <name>opsinfo::ModeSummaryModel</name>
    <message>
        <source> (refused on this SoC)</source>
        <translation>（此 SoC 不支持）</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>fp16</source>
        <translation>fp16</translation>
    </message>
    <message>
        <source>bf16</source>
        <translation>bf16</translation>
    </message>
    <message>
        <source>fp32</source>
        <translation>fp32</translation>
    </message>
    <message>
        <source>AI CPU</source>
        <translation>AI CPU</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Casts</source>
        <translation>Cast</translation>
    </message>
    <message>
        <source>GE ops</source>
        <translation>GE 算子</translation>
    </message>
</context>
<context>
    <name>opsinfo::ProblemModel</name>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>已修复</translation>
    </message>
</context>
<context>
    <name>opsinfo::ProblemPanel</name>
    <message numerus="yes">
        <source>The compiler refuses this store: %n problem(s). Every op is shown and editable; predictions show what it would pick once they are fixed.</source>
        <translation>
            <numerusform>编译器会拒绝该算子库：%n 个问题。所有算子仍可查看和编辑；预测显示的是修复之后编译器会选择的结果。</numerusform>
        </translation>
    </message>
    <message>
        <source>Pick a problem to see the raw text of its entry</source>
        <translation>选择一个问题，查看其所在条目的原始文本</translation>
    </message>
    <message>
        <source>Apply Fix</source>
        <translation>应用修复</translation>
    </message>
    <message>
        <source>Make the certain repair of the selected problem (a dtype word with one known spelling); the file changes when you save</source>
        <translation>对所选问题做确定的修复（只有一种已知写法的数据类型名）；保存时才会修改文件</translation>
    </message>
    <message>
        <source>Certain fix: %1 (Apply Fix, or &apos;opsinfo library fix&apos;)</source>
        <translation>确定的修复：%1（点击“应用修复”，或使用 &apos;opsinfo library fix&apos;）</translation>
    </message>
</context>
<context>
    <name>opsinfo::TaskProgress</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancelled: %1 (nothing was changed)</source>
        <translation>已取消：%1（未做任何更改）</translation>
    </message>
    <message>
        <source>Stop waiting and keep what is open now (Esc)</source>
        <translation>停止等待，保留当前已打开的内容 (Esc)</translation>
    </message>
    <message>
        <source>A save cannot be interrupted: the file is replaced in one step at its end</source>
        <translation>保存无法中断：文件会在保存结束时一次性替换</translation>
    </message>
    <message>
        <source>Load cancelled; close again to quit.</source>
        <translation>已取消加载；再次关闭即可退出。</translation>
    </message>
    <message>
        <source>Saving: the window closes when you ask again after it.</source>
        <translation>正在保存：保存完成后再次关闭即可关闭窗口。</translation>
    </message>
</context>
<context>
    <name>opsinfo::TransitionMatrixModel</name>
    <message numerus="yes">
        <source>%1: %n op type(s)</source>
        <translation>
            <numerusform>%1：%n 个算子类型</numerusform>
        </translation>
    </message>
    <message>
        <source>absent</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>Colour on side A</source>
        <translation>A 侧的名单</translation>
    </message>
    <message>
        <source>Colour on side B</source>
        <translation>B 侧的名单</translation>
    </message>
</context>
<context>
    <name>opsinfo::TransitionMatrixView</name>
    <message>
        <source>Rows: the colour on side A; columns: the colour on side B. Click a cell to list its op types (and mark them in the graph); click it again for all.</source>
        <translation>行：A 侧的名单；列：B 侧的名单。单击单元格列出其算子类型（并在计算图中标记）；再次单击显示全部。</translation>
    </message>
</context>
</TS>
