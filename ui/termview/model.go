package termview

import (
	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/ui/keys"
)

// wheelLines is how far one wheel notch scrolls the local history: a line,
// so a flick of the wheel reads like a pager, not a jump.
const wheelLines = 1

// Model is the Bubble Tea component showing one Terminal. It is a value:
// Update returns the new Model. The parent gives it its size and position
// (SetSize, SetOrigin), focus (Focus, Blur), the keys, pastes and mouse
// events meant for it, and every Msg whose Terminal is this Model's.
type Model struct {
	term    *Terminal
	frame   *Frame
	closed  bool
	focused bool
	width   int
	height  int
	originX int // screen position of the view's top-left cell, for mouse events
	originY int
	hist    history
	sel     selection
	keys    keys.Map // the history pager's keys (SetKeys)
	hasKeys bool
}

// New returns a Model showing t. Call Init for the command that starts
// delivering frames.
func New(t *Terminal) Model {
	w, h := t.opts.Width, t.opts.Height
	t.SetFocused(true)
	return Model{term: t, width: w, height: h, focused: true}
}

// Terminal is the terminal this model shows.
func (m Model) Terminal() *Terminal { return m.term }

// Init returns the command that waits for the first frame. Every FrameMsg
// handled by Update returns the next such command: keep them running.
func (m Model) Init() tea.Cmd { return m.term.waitFrame() }

// Closed reports whether the terminal's output has ended (ClosedMsg seen).
func (m Model) Closed() bool { return m.closed }

// Frame is the frame on screen, nil before the first one.
func (m Model) Frame() *Frame { return m.frame }

// SetSize sets the view's size in cells. The returned command resizes the
// emulator and then the PTY, which makes tmux resize the session's window.
func (m *Model) SetSize(width, height int) tea.Cmd {
	if width <= 0 || height <= 0 || (width == m.width && height == m.height) {
		return nil
	}
	m.width, m.height = width, height
	m.sel = selection{}
	m.hist.width = width
	m.hist.clamp(height)
	t := m.term
	return func() tea.Msg {
		_ = t.Resize(width, height)
		return nil
	}
}

// Size is the view's size in cells.
func (m Model) Size() (width, height int) { return m.width, m.height }

// SetOrigin tells the model where its top-left cell is on the screen, so
// mouse events (in screen coordinates) can be mapped onto the terminal.
func (m *Model) SetOrigin(x, y int) { m.originX, m.originY = x, y }

// Focus makes this the focused view: the real cursor is shown, frames come
// at the full rate, and a program that asked for focus events gets one.
func (m *Model) Focus() {
	if m.focused {
		return
	}
	m.focused = true
	m.term.SetFocused(true)
	if m.term.Modes().Has(ModeFocusEvents) {
		_, _ = m.term.Write([]byte("\x1b[I"))
	}
}

// SetVisible says whether the view is on screen; a hidden view's terminal
// stops reading its PTY and its tmux client is suspended (see
// Terminal.SetVisible). Shown again, its frame is the last screen at once,
// and the client's full redraw follows.
func (m *Model) SetVisible(visible bool) {
	if f := m.term.setVisible(visible); f != nil {
		m.frame = f
	}
}

// Blur makes this an unfocused view, batched more coarsely.
func (m *Model) Blur() {
	if !m.focused {
		return
	}
	m.focused = false
	m.term.SetFocused(false)
	if m.term.Modes().Has(ModeFocusEvents) {
		_, _ = m.term.Write([]byte("\x1b[O"))
	}
}

// Update handles this package's messages for this model's terminal, and the
// keys, pastes and mouse events the parent routes here.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if tm, ok := msg.(Msg); ok && tm.Terminal() != m.term {
		return m, nil
	}
	switch msg := msg.(type) {
	case FrameMsg:
		m.frame = msg.Frame
		return m, m.term.waitFrame()
	case ClosedMsg:
		m.closed = true
		return m, nil
	case HistoryMsg:
		m.hist.width, m.hist.keys = m.width, m.keyMap()
		m.hist.loaded(msg, m.height)
		return m, nil
	case tea.KeyPressMsg:
		if cmd, ok := m.inHistory(msg); ok {
			return m, cmd
		}
		return m, m.send(EncodeKey(msg, m.term.Modes()))
	case tea.PasteMsg:
		if cmd, ok := m.inHistory(msg); ok {
			return m, cmd
		}
		return m, m.send(EncodePaste(msg.Content, m.term.Modes()))
	case tea.MouseMsg:
		return m.mouse(msg)
	}
	return m, nil
}

// send writes input for the program. Typing returns the view to the live
// screen, as in any terminal.
func (m *Model) send(b []byte) tea.Cmd {
	if len(b) == 0 || m.closed {
		return nil
	}
	m.ScrollToBottom()
	m.sel = selection{}
	_, _ = m.term.Write(b)
	return nil
}

// mouse scrolls and selects locally unless the program asked for mouse
// events; Shift always keeps the event local, and so does a view scrolled
// into history (the program cannot see that text).
func (m Model) mouse(msg tea.MouseMsg) (Model, tea.Cmd) {
	ev := msg.Mouse()
	x, y := ev.X-m.originX, ev.Y-m.originY
	inside := x >= 0 && y >= 0 && x < m.width && y < m.height
	modes := m.term.Modes()
	local := !modes.MouseReporting() || ev.Mod&tea.ModShift != 0 || m.hist.scroll > 0
	if _, isWheel := msg.(tea.MouseWheelMsg); isWheel && inside {
		if !local {
			return m, m.send(EncodeMouse(msg, x, y, modes))
		}
		switch ev.Button {
		case tea.MouseWheelUp:
			return m, m.ScrollUp(wheelLines)
		case tea.MouseWheelDown:
			m.ScrollDown(wheelLines)
		}
		return m, nil
	}
	if m.sel.dragging || (local && inside) {
		return m.selectMouse(msg, x, y)
	}
	if inside && !m.closed {
		// Not send: clicking must not clear a selection or jump to the bottom.
		_, _ = m.term.Write(EncodeMouse(msg, x, y, modes))
	}
	return m, nil
}
