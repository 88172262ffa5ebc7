package termview

// Msg is implemented by every message this package sends. Terminal says
// which view a message belongs to, so a parent holding many tabs can route
// it to the one Model whose Terminal matches.
type Msg interface {
	Terminal() *Terminal
}

// FrameMsg carries a new complete frame of a terminal.
type FrameMsg struct {
	term  *Terminal
	Frame *Frame
}

// Terminal implements Msg.
func (m FrameMsg) Terminal() *Terminal { return m.term }

// ClosedMsg says a terminal's output ended: its session or server went away,
// or it was closed. Err is nil for an ordinary exit or detach.
type ClosedMsg struct {
	term *Terminal
	Err  error
}

// Terminal implements Msg.
func (m ClosedMsg) Terminal() *Terminal { return m.term }

// HistoryMsg carries scrollback captured with capture-pane.
type HistoryMsg struct {
	term  *Terminal
	gen   int
	Lines []string
	Err   error
}

// Terminal implements Msg.
func (m HistoryMsg) Terminal() *Terminal { return m.term }
