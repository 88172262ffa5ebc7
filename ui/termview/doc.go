// Package termview embeds a live tmux session in a Bubble Tea program.
//
// A [Terminal] runs `tmux attach-session -t =<session>` (never -d) on a PTY,
// feeds the client's output through a terminal [Emulator] and publishes a
// [Frame] — a small notice, not a copy of the screen — at most once per frame
// interval, never in the middle of a synchronized update. A [Model] is the
// Bubble Tea component around one Terminal: [Model.Draw] copies the rows the
// program changed straight from the emulator into the screen's cells (or
// draws history from capture-pane while scrolled), it places the real
// cursor, encodes keys, pastes and mouse events to bytes for the PTY, and
// selects and copies text.
//
// Data flow, per terminal:
//
//	PTY ─ reader goroutine ─ Emulator (under Terminal.mu, damage per row) ─ FrameMsg ─ Model
//	Model.Draw ─ changed rows of the Emulator (under Terminal.mu) ─ the screen's canvas
//	Model.Update ─ EncodeKey/EncodePaste/EncodeMouse ─ input queue ─ writer goroutine ─ PTY
//	Emulator replies (query answers) ─ drain goroutine ─ input queue
//
// The reader emulates what it reads before reading more, so a flooding pane
// makes tmux's own back-pressure kick in (tmux discards and later redraws a
// client that cannot keep up) instead of amux buffering megabytes. A view
// that is not on screen does not read at all (SetVisible).
package termview
