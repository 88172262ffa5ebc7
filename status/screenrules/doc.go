// Package screenrules decides what a coding agent is doing from the text of
// its screen, for agents whose hooks are missing or quiet.
//
// Rules are TOML files, one per assistant: the built-in defaults (embedded
// from defaults/*.toml) and the user's own under <state home>/screen-rules/.
// Each rule names a region (the bottom N rows), literal or regex patterns that
// must all / any / none match there (none_below: nothing printed after the
// first "all" row; above: what the nearest row above it shows), and the verdict it stands for: blocked
// (permission, question or auth), error (the agent gave up on a turn: its
// retries ran out), working, or idle. A match carries its evidence (which
// rule and which row) so a debug view can show why.
//
// Blocked rules are always tried before error rules, error before working
// and working before idle, whatever the file order: an idle rule usually checks only a ready
// prompt glyph that stays visible while the agent works, so it may only
// speak once every busy rule has stayed silent ("prefer a false busy to a
// false idle").
//
// Of amux's own packages it imports only atomicfile, which reads the user's
// files without following links, as regular files only, capped and with a
// deadline.
package screenrules
