#include "play/action_ids.h"

namespace als {

ActionIds::ActionIds(const Engine& e) {
  const auto& cards = e.set().cards;
  const auto& theaters = e.rules().theaters;
  patterns_.push_back("withdraw");
  for (const char* verb : {"deploy ", "improvise "})
    for (const CardDef& c : cards)
      for (const std::string& t : theaters) patterns_.push_back(verb + c.id + " " + t);
  for (const CardDef& c : cards) patterns_.push_back("choose " + c.id);
  for (const std::string& t : theaters) patterns_.push_back("choose " + t);
  patterns_.push_back("choose none");
  for (int p = 0; p < 2; ++p)
    for (const std::string& t : theaters)
      for (size_t n = 1; n <= cards.size(); ++n)
        patterns_.push_back("choose " + std::to_string(p + 1) + ":" + t + ":" + std::to_string(n));
  const size_t theaters_from = 1 + 2 * cards.size() * theaters.size() + cards.size();
  for (size_t i = 0; i < patterns_.size(); ++i) {
    bool theater = i >= theaters_from && i <= theaters_from + theaters.size();  // the theaters and "none"
    (theater ? theater_index_ : index_).emplace(patterns_[i], static_cast<int>(i));
    if (i == theaters_from + theaters.size()) index_.emplace(patterns_[i], static_cast<int>(i));  // none
  }
}

}  // namespace als
