#pragma once

#include "mixlist/oppolicy.h"

#include <QString>
#include <QStringList>

namespace opsinfo {

class MixlistDocument;

// The mixlist edits the editor offers, each pushed as one MixlistEditCommand with a text naming it.
// They return false (and push nothing) when the edit would change nothing.
namespace MixlistEdits {

bool add(MixlistDocument *document, const QStringList &types, MixlistList list,
         MixlistAction action);
bool remove(MixlistDocument *document, const QStringList &types, MixlistList list,
            MixlistAction action);
bool move(MixlistDocument *document, const QStringList &types, MixlistList fromList,
          MixlistAction fromAction, MixlistList toList, MixlistAction toAction);
QString slotName(MixlistList list, MixlistAction action); // "black-list.to-add"

} // namespace MixlistEdits

} // namespace opsinfo
