

xPlaceholder*
dtype0

wConst*
dtype0

initNoOp
8
splitSplitaxisx^init*
T0*
	num_split

axisConst*
dtype0
%
mmMatMulsplit:1split*
T0
,
dwDepthwiseConv2dNativemmmm*
T0
*
castCastdw:0*

SrcT0*

DstT0
-
shapeShapecast*
T0*
out_type0	

lessLessmmdw*
T0

priorPriorBoxcastw
<

loop/MergeMergexloop/NextIteration*
T0*
N
8
loop/NextIterationNextIteration
loop/Merge*
T0