// Force-included (-include) into the instrumented copies of upstream's CPU demos that
// tests/upstream/demos.py builds beside the unchanged ones: writes a float vector's bytes to
// $PTOGEN_DEMO_DUMP/<name>.bin, so the run can compare outputs bit for bit and recompute them
// in double precision from the very inputs the demo drew (libstdc++'s normal_distribution).
#ifndef PTOGEN_DEMO_DUMP_HPP
#define PTOGEN_DEMO_DUMP_HPP

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

inline void ptogen_demo_dump(const char *name, const std::vector<float> &v)
{
    const char *dir = std::getenv("PTOGEN_DEMO_DUMP");
    if (!dir) return;
    const std::string path = std::string(dir) + "/" + name + ".bin";
    std::FILE *f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(v.data(), sizeof(float), v.size(), f) != v.size() || std::fclose(f) != 0) {
        std::fprintf(stderr, "ptogen_demo_dump: cannot write %s\n", path.c_str());
        std::exit(3);
    }
}

#endif
