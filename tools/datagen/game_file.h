// xqdatagen's output file in either format: what a file already holds (so a restart plays
// only the missing games), and each game as the bytes to append. Text: sample_format.h;
// binary: training_data.h. Both start with a header naming the settings, and a file is only
// continued with the same header.
#pragma once

#include <set>
#include <string>

#include "selfplay.h"

namespace xq::datagen {

enum class FileFormat { Text, Binary };

class GameFile {
 public:
  // `settings`: the header's text without the text format's "# ".
  GameFile(FileFormat format, std::string path, std::string settings)
      : format_(format), path_(std::move(path)), settings_(std::move(settings)) {}

  // The indices of the games the file holds, after cutting off a partial game at its end.
  // Throws std::runtime_error when the file was made with other settings or is corrupt
  // before its end (binary: a bad chunk that is not the last).
  std::set<int> resume() const;
  // The header's bytes, for an empty file.
  std::string header() const;
  // One finished game's bytes. Throws std::runtime_error if a sample does not pack (cannot
  // happen with positions from play: the board is legal and the score not decisive).
  std::string game(int index, const GameOutcome& g) const;

 private:
  std::set<int> resume_text() const;
  std::set<int> resume_binary() const;
  FileFormat format_;
  std::string path_, settings_;
};

}  // namespace xq::datagen
