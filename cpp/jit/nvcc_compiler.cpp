// SPDX-License-Identifier: BSD-3-Clause
#include "jit/nvcc_compiler.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "jit/compile_error.hpp"
#include "jit/include_paths.hpp"

extern char** environ;

namespace gpuarray::jit {
namespace fs = std::filesystem;
namespace {

std::string find_nvcc() {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    std::string candidate = dir + "/nvcc";
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  throw std::runtime_error("backend='nvcc' needs nvcc on PATH, and PATH has none");
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// A private folder under $TMPDIR, removed when the compilation ends.
class TempDir {
 public:
  TempDir() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/gpuarray-nvcc-XXXXXX";
    if (!mkdtemp(pattern.data()))
      throw std::runtime_error("cannot create a folder for nvcc: " + std::string(std::strerror(errno)));
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Runs argv with stdout and stderr into `log_path`; returns the exit status.
int run(const std::vector<std::string>& argv, const fs::path& log_path) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, argv[0].c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot run " + argv[0] + ": " + std::strerror(rc));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw std::runtime_error("waitpid on nvcc failed: " + std::string(std::strerror(errno)));
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

std::string nvcc_identity() {
  std::string nvcc = find_nvcc();
  struct stat st {};
  if (stat(nvcc.c_str(), &st) != 0) throw std::runtime_error("cannot stat " + nvcc);
  return nvcc + " " + std::to_string(st.st_size) + " " + std::to_string(st.st_mtime);
}

std::vector<std::string> nvcc_options(const CompileRequest& request, const Arch& arch) {
  std::vector<std::string> options{arch.real ? "-cubin" : "-ptx", "-arch=" + arch.name()};
  for (const auto& dir : compiler_include_dirs()) options.push_back("-I" + dir);
  options.insert(options.end(), request.options.begin(), request.options.end());
  return options;
}

CompiledModule compile_with_nvcc(const CompileRequest& request, const Arch& arch) {
  if (!request.name_expressions.empty())
    throw std::invalid_argument("name_expressions need backend='nvrtc': nvcc does not report lowered names");
  std::vector<std::string> options = nvcc_options(request, arch);
  TempDir dir;
  fs::path source = dir.path() / "kernel.cu";
  fs::path output = dir.path() / (arch.real ? "kernel.cubin" : "kernel.ptx");
  fs::path log = dir.path() / "nvcc.log";
  std::ofstream(source, std::ios::binary) << request.source;

  std::vector<std::string> argv{find_nvcc()};
  argv.insert(argv.end(), options.begin(), options.end());
  argv.insert(argv.end(), {"-o", output.string(), source.string()});
  if (run(argv, log) != 0) throw CompileError(read_file(log), request.source, options, request.name);

  CompiledModule module;
  module.kind = arch.real ? BinaryKind::Cubin : BinaryKind::Ptx;
  module.binary = read_file(output);
  if (module.kind == BinaryKind::Ptx) module.binary.push_back('\0');
  return module;
}

}  // namespace gpuarray::jit
