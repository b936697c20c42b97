// Opening a file a user hands us (recording.h readRunFile): find the run in whatever container
// it came in, holding every step to the limits before allocating for it.
#include <new>

#include "core/result_json.h"
#include "files/compression.h"
#include "files/png_text.h"
#include "files/recording_json.h"
#include "files/regular_file.h"
#include "warpscope/params.h"
#include "warpscope/recording.h"

namespace warpscope {
namespace {

constexpr const char* kPngKeyword = "warpscope:run";
constexpr std::string_view kXmlOpen = "<warpscope:run";
constexpr std::string_view kXmlClose = "</warpscope:run>";

/// Where the figure's XML element opens: the first one, or with `page` the one whose start tag
/// says page="N" (a handout carries one a figure page).
std::size_t xmlElementStart(std::string_view bytes, std::optional<int> page) {
  for (std::size_t open = bytes.find(kXmlOpen); open != std::string_view::npos; open = bytes.find(kXmlOpen, open + 1)) {
    if (!page) return open;
    const std::size_t tagEnd = bytes.find('>', open);
    if (tagEnd == std::string_view::npos) break;
    if (bytes.substr(open, tagEnd - open).find(" page=\"" + std::to_string(*page) + "\"") != std::string_view::npos) return open;
  }
  if (page && bytes.find(kXmlOpen) != std::string_view::npos)
    throw BadInputError("no figure on page " + std::to_string(*page) + " carries a run");
  return std::string_view::npos;
}

/// The base64 text inside the figure's XML element, or nullopt when there is none.
std::optional<std::string_view> xmlPayload(std::string_view bytes, std::optional<int> page = std::nullopt) {
  const std::size_t open = xmlElementStart(bytes, page);
  if (open == std::string_view::npos) return std::nullopt;
  const std::size_t contentStart = bytes.find('>', open);
  const std::size_t close = bytes.find(kXmlClose, open);
  if (contentStart == std::string_view::npos || close == std::string_view::npos || close < contentStart)
    throw BadInputError("the embedded run is cut off (no closing </warpscope:run>)");
  return bytes.substr(contentStart + 1, close - contentStart - 1);
}

bool looksLikeSvgOrPdf(std::string_view bytes) {
  return bytes.starts_with("%PDF") || bytes.substr(0, 4096).find("<svg") != std::string_view::npos;
}

/// The recording's or result's JSON text inside the bytes (of figure page `page` when given).
std::string documentText(std::string_view bytes, std::optional<int> page) {
  if (files::isGzip(bytes)) return files::decompress(bytes, kMaxJsonBytes);
  if (files::isPng(bytes)) {
    auto text = files::findPngText(bytes, kPngKeyword, kMaxJsonBytes);
    if (!text) throw BadInputError("this PNG carries no Warpscope run (only figures Warpscope exported do)");
    return std::move(*text);
  }
  if (const auto payload = xmlPayload(bytes, page)) return files::decompress(files::base64Decode(*payload), kMaxJsonBytes);
  if (page) throw BadInputError("only a handout (PDF) has pages to choose from");
  if (looksLikeSvgOrPdf(bytes))
    throw BadInputError("this figure carries no Warpscope run (only figures Warpscope exported do)");
  const std::size_t first = bytes.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos || bytes[first] != '{' || bytes.find('\0') != std::string_view::npos)
    throw BadInputError("not a Warpscope file: expected a recording, a run's JSON or a figure (PNG, SVG, PDF) "
                        "exported by Warpscope");
  return std::string(bytes);
}

Recording readDocument(std::string_view bytes, std::optional<int> page) {
  if (bytes.empty()) throw BadInputError("the file is empty");
  if (bytes.size() > kMaxRunFileBytes)
    throw BadInputError("the file is " + std::to_string(bytes.size() >> 20) + " MiB, more than the " +
                        std::to_string(kMaxRunFileBytes >> 20) + " MiB Warpscope opens");
  const nlohmann::json doc = parseBoundedJson(documentText(bytes, page), "the document");
  if (!doc.is_object()) throw BadInputError("the document is not a JSON object");
  if (files::isRecordingDocument(doc)) return files::recordingFromJson(doc);
  if (doc.contains("schema")) return files::recordingFromBareResult(doc);
  throw BadInputError("the JSON is neither a Warpscope recording (no 'format') nor a run (no 'schema')");
}

}  // namespace

Recording readRunBytes(std::string_view bytes, const std::string& name, std::optional<int> page) {
  // Every failure, whatever layer it comes from, is one message naming the file.
  try {
    return readDocument(bytes, page);
  } catch (const BadInputError& e) {
    throw BadInputError(name + ": " + e.what());
  } catch (const std::bad_alloc&) {
    throw BadInputError(name + ": too large to read into memory");
  } catch (const std::exception& e) {
    throw BadInputError(name + ": cannot be read: " + e.what());
  }
}

Recording readRunFile(const std::string& path, std::optional<int> page) {
  // A regular file only (a FIFO blocked, /dev/zero was read to the limit), its size checked first.
  return readRunBytes(files::readRegularFile(path, kMaxRunFileBytes), path, page);
}

std::string embedRunInPng(std::string_view png, const Recording& recording) {
  return files::insertPngText(png, kPngKeyword, recordingToJson(recording));
}

std::string runXmlElement(const Recording& recording, std::optional<int> page) {
  return "<warpscope:run xmlns:warpscope=\"" + std::string(kRunXmlNamespace) + "\" encoding=\"zlib+base64\"" +
         (page ? " page=\"" + std::to_string(*page) + "\"" : std::string()) + ">" +
         files::base64Encode(files::compress(recordingToJson(recording))) + std::string(kXmlClose);
}

}  // namespace warpscope
