#pragma once

#include <QThreadPool>

#include <memory>

namespace opsinfo {

// Freeing a large model (a 186,000-node graph, its laid-out scene, its resolver and resolutions)
// takes hundreds of milliseconds of free() calls. The UI thread hands its references to a pool
// thread instead, so replacing or closing a graph never blocks input and painting. Only for data
// without thread affinity (no QObject); whoever still holds a reference keeps the object alive as
// usual.
template<typename... T> void releaseInBackground(std::shared_ptr<T>... objects)
{
    if (((objects.use_count() != 1) && ...))
        return; // someone else holds every one of them: nothing is freed here
    QThreadPool::globalInstance()->start(
        [... held = std::move(objects)]() mutable { (held.reset(), ...); });
}

} // namespace opsinfo
