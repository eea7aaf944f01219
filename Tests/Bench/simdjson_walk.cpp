// The yardstick of `make bench` (issue 17): simdjson On-Demand, one thread, visiting every
// value of the file: every key, every string unescaped, every number converted, every bool
// and null. Built by bench.py against Debian's libsimdjson-dev.
//
//   simdjson_walk doc FILE        one JSON document
//   simdjson_walk lines FILE      each line starting with '[' or '{' is one document (JSON
//                                 lines, rtcstats dumps); other lines are skipped
//   simdjson_walk internals FILE  one document, and every string value that starts with '['
//                                 (webrtc-internals series: "values": "[1,2,3]") parsed again
//
// Prints the number of values visited, so that nothing is optimised away. Exit 1 on bad JSON.
#include <simdjson.h>

#include <cstdio>
#include <cstring>
#include <string_view>

using namespace simdjson;

namespace {

struct Walker {
  ondemand::parser parser;
  ondemand::parser series_parser;
  bool parse_series = false;
  size_t values = 0;

  error_code walk_series(std::string_view text) {
    padded_string copy(text);
    ondemand::document doc;
    if (auto error = series_parser.iterate(copy).get(doc)) return error;
    ondemand::value root;
    if (auto error = doc.get_value().get(root)) return error;
    return walk_value_in(root, /*nested=*/true);
  }

  error_code walk_value(ondemand::value value) { return walk_value_in(value, false); }

  error_code walk_value_in(ondemand::value value, bool nested) {
    values++;
    ondemand::json_type type;
    if (auto error = value.type().get(type)) return error;
    switch (type) {
      case ondemand::json_type::object: {
        ondemand::object object;
        if (auto error = value.get_object().get(object)) return error;
        for (auto field : object) {
          std::string_view key;
          if (auto error = field.unescaped_key().get(key)) return error;
          ondemand::value member;
          if (auto error = field.value().get(member)) return error;
          if (auto error = walk_value_in(member, nested)) return error;
        }
        return SUCCESS;
      }
      case ondemand::json_type::array: {
        ondemand::array array;
        if (auto error = value.get_array().get(array)) return error;
        for (auto element : array) {
          ondemand::value item;
          if (auto error = element.get(item)) return error;
          if (auto error = walk_value_in(item, nested)) return error;
        }
        return SUCCESS;
      }
      case ondemand::json_type::number: {
        double number;
        return value.get_double().get(number);
      }
      case ondemand::json_type::string: {
        std::string_view text;
        if (auto error = value.get_string().get(text)) return error;
        if (parse_series && !nested && !text.empty() && text.front() == '[') return walk_series(text);
        return SUCCESS;
      }
      case ondemand::json_type::boolean: {
        bool flag;
        return value.get_bool().get(flag);
      }
      case ondemand::json_type::null:
        return value.is_null().error();
    }
    return SUCCESS;
  }

  error_code walk_document(padded_string_view text) {
    ondemand::document doc;
    if (auto error = parser.iterate(text).get(doc)) return error;
    ondemand::value root;
    if (auto error = doc.get_value().get(root)) return error;
    return walk_value(root);
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: simdjson_walk doc|lines|internals FILE\n");
    return 2;
  }
  std::string_view mode = argv[1];
  padded_string file;
  if (auto error = padded_string::load(argv[2]).get(file)) {
    std::fprintf(stderr, "simdjson_walk: %s: %s\n", argv[2], error_message(error));
    return 1;
  }
  Walker walker;
  walker.parse_series = mode == "internals";
  error_code error = SUCCESS;
  if (mode == "lines") {
    const char* data = file.data();
    size_t size = file.size();
    size_t start = 0;
    while (start < size && !error) {
      const void* found = std::memchr(data + start, '\n', size - start);
      size_t end = found ? static_cast<const char*>(found) - data : size;
      size_t first = start;
      while (first < end && (data[first] == ' ' || data[first] == '\t' || data[first] == '\r')) first++;
      if (first < end && (data[first] == '[' || data[first] == '{')) {
        // The rest of the file (and simdjson's own padding after it) is the line's padding.
        padded_string_view line(data + first, end - first, size + SIMDJSON_PADDING - first);
        error = walker.walk_document(line);
      }
      start = end + 1;
    }
  } else {
    error = walker.walk_document(file);
  }
  if (error) {
    std::fprintf(stderr, "simdjson_walk: %s: %s\n", argv[2], error_message(error));
    return 1;
  }
  std::printf("%zu values\n", walker.values);
  return 0;
}
