// What the atomics lab's kernels compile to, read from this test binary's own sm_90 SASS with
// cuobjdump (the lab's notes and docs/labs/atomics.md state it): the plain kernels must stay
// plain (the compiler aggregates atomicAdd(&s[i], 1u) into ATOMS.POPC.INC by itself, which would
// hide the queue the lab shows), and the aggregated ones must group lanes (MATCH). Runs where the
// toolkit's cuobjdump is (the GPU machine), skips elsewhere saying so.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

namespace {

std::string cuobjdumpPath() {
  std::vector<std::string> candidates;
  if (const char* home = std::getenv("CUDA_HOME")) candidates.push_back(std::string(home) + "/bin/cuobjdump");
  candidates.push_back("/usr/local/cuda/bin/cuobjdump");
  if (const char* path = std::getenv("PATH")) {
    std::string p = path;
    for (std::size_t start = 0, end; start <= p.size(); start = end + 1) {
      end = p.find(':', start);
      if (end == std::string::npos) end = p.size();
      candidates.push_back(p.substr(start, end - start) + "/cuobjdump");
    }
  }
  for (const std::string& c : candidates)
    if (std::filesystem::exists(c)) return c;
  return "";
}

/// Every function's SASS in this binary's sm_90 image, by mangled name.
std::map<std::string, std::string> sassByFunction(const std::string& tool) {
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  const std::string command = "'" + tool + "' -sass -arch sm_90 '" + self + "' 2>&1";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  std::map<std::string, std::string> functions;
  if (!pipe) return functions;
  std::array<char, 4096> line{};
  std::string current;
  while (fgets(line.data(), static_cast<int>(line.size()), pipe.get())) {
    const std::string text = line.data();
    if (const auto at = text.find("Function : "); at != std::string::npos) {
      current = text.substr(at + 11);
      current.erase(current.find_last_not_of(" \r\n") + 1);
      continue;
    }
    if (!current.empty()) functions[current] += text;
  }
  return functions;
}

/// The SASS of the one function whose name holds every part, or "" (and a failure) if not one.
std::string sassOf(const std::map<std::string, std::string>& functions, const std::vector<std::string>& parts) {
  std::string found;
  int matches = 0;
  for (const auto& [name, sass] : functions) {
    bool all = true;
    for (const std::string& p : parts) all = all && name.find(p) != std::string::npos;
    if (all) {
      found = sass;
      ++matches;
    }
  }
  EXPECT_EQ(matches, 1) << "functions named with " << ::testing::PrintToString(parts);
  return found;
}

bool has(const std::string& sass, const std::string& what) { return sass.find(what) != std::string::npos; }

TEST(AtomicsSass, PlainKernelsStayPlainAndAggregatedKernelsGroupLanes) {
  const std::string tool = cuobjdumpPath();
  if (tool.empty()) GTEST_SKIP() << "cuobjdump (the CUDA toolkit's binary utilities) is not here: the SASS cannot be read";
  const auto functions = sassByFunction(tool);
  if (functions.empty()) GTEST_SKIP() << "no sm_90 SASS in this binary (built for other architectures)";
  // Mangled names: globalAdds<unsigned int> is ...10globalAddsIjEEv..., <float> ...IfEEv...;
  // sharedAdds<T, false> ends its template arguments Lb0E, <T, true> Lb1E.
  const std::string globalInt = sassOf(functions, {"10globalAddsIjE"});
  const std::string globalFloat = sassOf(functions, {"10globalAddsIfE"});
  const std::string sharedInt = sassOf(functions, {"10sharedAddsIjLb0E"});
  const std::string sharedFloat = sassOf(functions, {"10sharedAddsIfLb0E"});
  const std::string aggregatedGlobal = sassOf(functions, {"20globalAggregatedAddsIjE"});
  const std::string aggregatedShared = sassOf(functions, {"10sharedAddsIjLb1E"});
  const std::string histogramGlobal = sassOf(functions, {"15histogramGlobal"});
  const std::string histogramPrivatised = sassOf(functions, {"19histogramPrivatised"});
  for (const auto& [name, sass] : functions)
    if (name.find("Adds") != std::string::npos || name.find("histogram") != std::string::npos) {
      std::cout << name << ":";
      std::string line;
      for (std::size_t at = 0; at < sass.size();) {
        const std::size_t end = sass.find('\n', at);
        line = sass.substr(at, end - at);
        if (has(line, "RED") || has(line, "ATOM") || has(line, "MATCH") || has(line, "POPC") || has(line, "CAS") ||
            has(line, "SHFL"))
          std::cout << "\n   " << line.substr(line.find_first_not_of(" /0123456789abcdefx*")).substr(0, 60);
        if (end == std::string::npos) break;
        at = end + 1;
      }
      std::cout << "\n";
    }
  EXPECT_TRUE(has(globalInt, "RED") && has(globalInt, ".ADD")) << globalInt;
  EXPECT_FALSE(has(globalInt, "POPC") || has(globalInt, "MATCH")) << "plain global int adds must not be aggregated";
  EXPECT_TRUE(has(globalFloat, "RED") && has(globalFloat, ".F32")) << globalFloat;
  EXPECT_TRUE(has(sharedInt, "ATOMS")) << sharedInt;
  EXPECT_FALSE(has(sharedInt, "POPC") || has(sharedInt, "MATCH")) << "plain shared int adds must not be aggregated";
  EXPECT_FALSE(has(sharedFloat, "MATCH")) << sharedFloat;
  EXPECT_TRUE(has(aggregatedGlobal, "MATCH") && has(aggregatedGlobal, "RED")) << aggregatedGlobal;
  EXPECT_TRUE(has(aggregatedShared, "MATCH") && has(aggregatedShared, "ATOMS")) << aggregatedShared;
  // The histogram's byte counting, shared by both kernels, must reach each memory directly.
  EXPECT_TRUE(has(histogramGlobal, "REDG") && !has(histogramGlobal, "POPC")) << histogramGlobal;
  EXPECT_TRUE(has(histogramPrivatised, "ATOMS.ADD") && !has(histogramPrivatised, "ATOM.E")) << histogramPrivatised;
}

}  // namespace
