// Package termview embeds a live tmux session in a Bubble Tea program.
//
// A [Terminal] runs `tmux attach-session -t =<session>` (never -d) on a PTY,
// feeds the client's output through a terminal [Emulator] and publishes
// complete frames at most once per frame interval. A [Model] is the Bubble
// Tea component around one Terminal: it shows the latest frame (or history
// from capture-pane while scrolled), places the real cursor, encodes keys,
// pastes and mouse events to bytes for the PTY, and selects and copies text.
//
// Data flow, per terminal:
//
//	PTY ─ reader goroutine ─ Emulator (under Terminal.mu) ─ frame snapshot ─ FrameMsg ─ Model
//	Model.Update ─ EncodeKey/EncodePaste/EncodeMouse ─ input queue ─ writer goroutine ─ PTY
//	Emulator replies (query answers) ─ drain goroutine ─ input queue
//
// The reader emulates what it reads before reading more, so a flooding pane
// makes tmux's own back-pressure kick in (tmux discards and later redraws a
// client that cannot keep up) instead of amux buffering megabytes.
package termview
