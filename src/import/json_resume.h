// JSON Resume (jsonresume.org): al-folio's assets/json/resume.json and academicpages'
// _data/cv.json, read into CV sections and the profile's basics. The only JSON reader of
// the migration (nlohmann/json).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"

namespace sitegen {

struct JsonResume {
  Person person;        // basics: name, label as position, email, phone, location, profiles
  std::string website;  // basics.url or basics.website
  std::string summary;  // basics.summary
  std::vector<CvSection> sections;
  // The sections that would only repeat what the site lists itself become `include`
  // sections: "publications" when `has_publications`, "presentations" when `has_talks`.
};

struct JsonError {
  int line = 0;
  int col = 0;
  std::string message;  // "invalid JSON", "expected a JSON object"
};

// False, with *error, when the text is not JSON or not an object.
bool read_json_resume(std::string_view text, bool has_publications, bool has_talks, JsonResume* out,
                      JsonError* error);

}  // namespace sitegen
