package termview

import (
	"context"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/tmux"
)

// captureTimeout bounds one capture-pane for scrollback.
const captureTimeout = 5 * time.Second

// history is the scrolled-back state of a Model. Under `tmux attach` the
// emulator has no scrollback of its own (tmux redraws in place), so history
// is captured from the pane when scrolling starts and kept, unchanging,
// until the view returns to the bottom — like tmux's copy mode.
type history struct {
	scroll  int      // lines above the live bottom; 0 shows the live screen
	lines   []string // captured lines, oldest first, the pane's screen last
	pending int      // lines to scroll once the capture arrives
	gen     int      // drops captures asked for before the last reset
	loading bool
}

// ScrollUp scrolls n lines back into history, capturing it first if needed.
func (m *Model) ScrollUp(n int) tea.Cmd {
	if n <= 0 {
		return nil
	}
	m.sel = selection{}
	if m.hist.lines != nil {
		m.hist.scroll = min(m.hist.scroll+n, m.hist.maxScroll(m.height))
		return nil
	}
	m.hist.pending += n
	if m.hist.loading || m.term.runner == nil {
		return nil
	}
	m.hist.loading = true
	return m.capture(m.hist.gen)
}

// ScrollDown scrolls n lines towards the live screen.
func (m *Model) ScrollDown(n int) {
	if m.hist.scroll-n <= 0 {
		m.ScrollToBottom()
		return
	}
	m.sel = selection{}
	m.hist.scroll -= n
}

// ScrollToBottom returns to the live screen and drops the captured history.
func (m *Model) ScrollToBottom() {
	if m.hist.scroll != 0 || m.hist.lines != nil || m.hist.loading {
		m.sel = selection{}
	}
	m.hist = history{gen: m.hist.gen + 1}
}

// Scrolled reports how many lines the view is scrolled back (0: live).
func (m Model) Scrolled() int { return m.hist.scroll }

// capture runs capture-pane off the Update goroutine.
func (m Model) capture(gen int) tea.Cmd {
	t, limit := m.term, m.term.opts.HistoryLines
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), captureTimeout)
		defer cancel()
		out, err := tmux.CapturePane(ctx, t.runner, tmux.ExactPane(t.session), -limit, true)
		if err != nil {
			return HistoryMsg{term: t, gen: gen, Err: err}
		}
		return HistoryMsg{term: t, gen: gen, Lines: splitCapture(out)}
	}
}

// loaded applies a capture unless the view returned to the bottom meanwhile.
func (h *history) loaded(msg HistoryMsg, height int) {
	if msg.gen != h.gen {
		return
	}
	h.loading = false
	if msg.Err != nil || len(msg.Lines) == 0 {
		h.pending = 0
		return
	}
	h.lines = msg.Lines
	h.scroll = min(h.pending, h.maxScroll(height))
	h.pending = 0
	if h.scroll == 0 {
		h.lines = nil // nothing to scroll to: stay live
	}
}

func (h *history) maxScroll(height int) int { return max(len(h.lines)-height, 0) }

func (h *history) clamp(height int) { h.scroll = min(h.scroll, h.maxScroll(height)) }

// rows returns the height captured lines the view shows.
func (h *history) rows(height int) []string {
	end := len(h.lines) - h.scroll
	start := max(end-height, 0)
	return h.lines[start:end]
}

// splitCapture splits capture-pane -e output into lines that each carry
// their own styles: tmux emits only style changes, so a colour set on one
// line is still in force on the next. Each line is prefixed with the SGR
// sequences in force where it begins.
func splitCapture(out string) []string {
	out = strings.TrimSuffix(out, "\n")
	lines := strings.Split(out, "\n")
	var state string
	for i, line := range lines {
		lines[i] = state + line
		state = carrySGR(state, line)
	}
	return lines
}

// maxSGRState bounds the carried style prefix; a reset normally clears it
// long before, and losing a colour beats growing without bound.
const maxSGRState = 256

// carrySGR returns the SGR state after line, given the state before it.
func carrySGR(state, line string) string {
	for {
		i := strings.Index(line, "\x1b[")
		if i < 0 {
			return state
		}
		line = line[i+2:]
		j := strings.IndexFunc(line, func(r rune) bool { return r < '0' || r > ';' })
		if j < 0 {
			return state
		}
		if line[j] != 'm' {
			line = line[j:]
			continue
		}
		params := line[:j]
		line = line[j+1:]
		if params == "" || params == "0" {
			state = ""
			continue
		}
		state += "\x1b[" + params + "m"
		if len(state) > maxSGRState {
			state = ""
		}
	}
}
