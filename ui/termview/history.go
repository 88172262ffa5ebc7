package termview

import (
	"context"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/tmux"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/safetext"
)

// captureTimeout bounds one capture-pane for scrollback.
const captureTimeout = 5 * time.Second

// history is the scrolled-back state of a Model. Under `tmux attach` the
// emulator has no scrollback of its own (tmux redraws in place), so history
// is captured from the pane when scrolling starts — all of it, as much as
// the pane's history-limit keeps (amux's sessions keep tmux.HistoryLimit
// lines) — and kept, unchanging, until the view returns to the bottom,
// like tmux's copy mode.
//
// While scrolled back the view's last row is a status row ("line N of M",
// the search) and the rows above it show history: scroll 1 is the bottom
// of the history (the pane's screen as captured), each more is a line
// further back.
type history struct {
	scroll  int      // 0: the live screen; ≥1: lines above the bottom, plus one
	lines   []string // captured lines, oldest first, the pane's screen last
	plain   []string // lines without their styles, for search
	pending int      // lines to scroll once the capture arrives
	gen     int      // drops captures asked for before the last reset
	loading bool
	width   int      // the view's, for the status row
	keys    keys.Map // the pager's keys, for the status row
	search  histSearch
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
	if m.hist.loading || m.term.runner == nil && m.term.opts.Capture == nil {
		return nil
	}
	m.hist.loading = true
	return m.capture(m.hist.gen)
}

// ScrollDown scrolls n lines towards the live screen.
func (m *Model) ScrollDown(n int) {
	if m.hist.scroll-n < 1 {
		m.ScrollToBottom()
		return
	}
	m.sel = selection{}
	m.hist.scroll -= n
}

// ScrollPage scrolls one page (the view's height less one row, so a line
// stays in sight) up or down.
func (m *Model) ScrollPage(up bool) tea.Cmd {
	page := max(m.height-2, 1)
	if up {
		return m.ScrollUp(page)
	}
	m.ScrollDown(page)
	return nil
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

// HistoryPosition is where a scrolled-back view is: the number of the top
// line shown (1-based) and the lines captured. ok is false while live.
func (m Model) HistoryPosition() (line, total int, ok bool) {
	if m.hist.scroll == 0 || m.hist.lines == nil {
		return 0, 0, false
	}
	start, _ := m.hist.window(m.height)
	return start + 1, len(m.hist.lines), true
}

// capture runs capture-pane off the Update goroutine: the whole history,
// or the last HistoryLines lines when that option is set.
func (m Model) capture(gen int) tea.Cmd {
	t, limit := m.term, m.term.opts.HistoryLines
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), captureTimeout)
		defer cancel()
		var out string
		var err error
		switch {
		case t.opts.Capture != nil:
			out, err = t.opts.Capture(ctx, limit)
		case limit > 0:
			out, err = tmux.CapturePane(ctx, t.runner, tmux.ExactPane(t.session), -limit, true)
		default:
			out, err = tmux.CaptureHistory(ctx, t.runner, tmux.ExactPane(t.session), true)
		}
		if err != nil {
			return HistoryMsg{term: t, gen: gen, Err: err}
		}
		return HistoryMsg{term: t, gen: gen, Lines: splitCapture(safetext.Styled(out))}
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
	// The blank rows under the pane's last line are not history.
	lines := msg.Lines
	for len(lines) > 1 && strings.TrimSpace(ansi.Strip(lines[len(lines)-1])) == "" {
		lines = lines[:len(lines)-1]
	}
	h.lines = lines
	h.plain = make([]string, len(h.lines))
	for i, l := range h.lines {
		h.plain[i] = ansi.Strip(l)
	}
	h.scroll = max(min(h.pending, h.maxScroll(height)), 1)
	h.pending = 0
}

// maxScroll is the scroll that puts the first line at the top.
func (h *history) maxScroll(height int) int {
	return max(len(h.lines)-max(height-1, 1)+1, 1)
}

func (h *history) clamp(height int) {
	if h.scroll > 0 {
		h.scroll = max(min(h.scroll, h.maxScroll(height)), 1)
	}
}

// window is the range of lines [start, end) shown above the status row.
func (h *history) window(height int) (start, end int) {
	end = len(h.lines) - h.scroll + 1
	end = max(min(end, len(h.lines)), 0)
	return max(end-max(height-1, 1), 0), end
}

// rows returns the height rows the view shows: the window of history,
// matches of the search marked, then the status row.
func (h *history) rows(height int) []string {
	start, end := h.window(height)
	out := make([]string, 0, height)
	for i := start; i < end; i++ {
		out = append(out, h.search.mark(h.lines[i], h.plain[i], i))
	}
	for len(out) < height-1 {
		out = append(out, "")
	}
	if height > 1 {
		out = append(out, h.status(start, height))
	}
	return out
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
