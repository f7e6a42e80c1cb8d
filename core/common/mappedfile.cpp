#include "common/mappedfile.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <functional>

#if defined(__unix__)
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace opsinfo {

std::unique_ptr<MappedFile> MappedFile::open(const std::string &path, std::string *error)
{
    std::unique_ptr<MappedFile> file(new MappedFile);
#if defined(__unix__)
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (error)
            *error = std::strerror(errno);
        return nullptr;
    }
    struct stat st
    {
    };
    const long page = ::sysconf(_SC_PAGESIZE);
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 && page > 0) {
        const std::size_t size = std::size_t(st.st_size);
        const std::size_t mapped
            = (size + std::size_t(page) - 1) / std::size_t(page) * std::size_t(page);
        // The rest of the last page reads as zeros; a file ending on a page boundary has none.
        if (mapped - size >= kPadding) {
            void *map = ::mmap(nullptr, mapped, PROT_READ, MAP_PRIVATE, fd, 0);
            if (map != MAP_FAILED) {
                ::close(fd);
                file->m_data = static_cast<const char *>(map);
                file->m_size = size;
                file->m_readable = mapped;
                file->m_mapped = mapped;
                file->m_page = std::size_t(page);
                return file;
            }
        }
    }
    ::close(fd);
#endif
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) {
        if (error)
            *error = "cannot open the file";
        return nullptr;
    }
    const std::streamoff size = in.tellg();
    if (size < 0) {
        if (error)
            *error = "cannot tell the file's size";
        return nullptr;
    }
    in.seekg(0);
    file->m_buffer.reset(new char[std::size_t(size) + kPadding]);
    if (size > 0 && !in.read(file->m_buffer.get(), size)) {
        if (error)
            *error = "cannot read the file";
        return nullptr;
    }
    std::memset(file->m_buffer.get() + size, 0, kPadding);
    file->m_data = file->m_buffer.get();
    file->m_size = std::size_t(size);
    file->m_readable = std::size_t(size) + kPadding;
    return file;
}

void MappedFile::releaseBefore(const char *position) const
{
#if defined(__unix__)
    // One call per 256 KiB (the ATC reader's piece): each call walks the page table and flushes
    // the TLB, but 4 MiB steps kept up to 4 MiB of read input resident, ~3.5 MB of the lean
    // 186,000-node graph's peak (tests/bench/README.md, sixth step).
    constexpr std::size_t kStep = 256 * 1024;
    const std::less<const char *> before; // `position` may point anywhere
    if (!m_mapped || before(position, m_data) || before(m_data + m_size, position))
        return;
    // (called per op read: the page size is the one asked for when mapping)
    const std::size_t end = std::size_t(position - m_data) / m_page * m_page;
    if (end < m_releasedTo) {
        m_releasedTo = end; // a new pass from an earlier place: release behind it from there
        return;
    }
    if (end < m_releasedTo + kStep && position != m_data + m_size)
        return;
    if (end > m_releasedTo
        && ::madvise(const_cast<char *>(m_data) + m_releasedTo, end - m_releasedTo, MADV_DONTNEED)
            == 0)
        m_releasedTo = end;
#else
    (void)position;
#endif
}

MappedFile::~MappedFile()
{
#if defined(__unix__)
    if (m_mapped)
        ::munmap(const_cast<char *>(m_data), m_mapped);
#endif
}

} // namespace opsinfo
