// Package screen is amux's output side: the outer terminal put into the
// modes amux needs, a cell buffer the UI draws into, and a cell-diff
// renderer (ultraviolet's TerminalRenderer) that writes only what changed.
//
// Bubble Tea runs without its own renderer (its fixed-rate ticker cost half
// a frame of latency per keystroke and most of amux's idle CPU). Instead the
// UI draws into a [Canvas] inside [Screen.Draw] whenever an update changed
// what is on screen, and the screen writes the frame:
//
//   - at once when the last frame is older than the frame interval (the first
//     change after a quiet spell: a keystroke's echo);
//   - otherwise when the interval ends, so changes that follow within a few
//     milliseconds become one frame (a flood is capped at about 240 frames a
//     second);
//   - never while nothing changes: no ticker, no timer while idle.
//
// The screen also reads the terminal's input (ultraviolet's decoder, the one
// Bubble Tea uses, with a short Esc timeout) and hands the events to a
// callback, watches SIGWINCH, suspends on request, and restores the terminal
// exactly: the modes it set are reset and the saved termios state comes back.
package screen
