package status

import "amux.dev/amux/tmux"

// Indexes into optionValues, one per pane option the tap owns.
const (
	optState = iota
	optKind
	optApp
	optMessage
	optAt
	optCmdState
	optCmdExit
	optCmdStarted
	optCmdEnded
	numOptions
)

// optionValues holds the value of every tap-owned pane option; "" means the
// option is unset. An array keeps comparison and copying allocation-free.
type optionValues [numOptions]string

// optionKey names the pane option at index i.
func optionKey(i int) string {
	switch i {
	case optState:
		return tmux.PaneReportedState
	case optKind:
		return tmux.PaneReportedKind
	case optApp:
		return tmux.PaneReportedApp
	case optMessage:
		return tmux.PaneReportedMessage
	case optAt:
		return tmux.PaneReportedAt
	case optCmdState:
		return tmux.PaneCommandState
	case optCmdExit:
		return tmux.PaneCommandExit
	case optCmdStarted:
		return tmux.PaneCommandStartedAt
	default:
		return tmux.PaneCommandEndedAt
	}
}

// publishArgs builds the single tmux invocation that moves the pane from last
// to want: one set-option or unset per changed option, chained with tmux.Sep,
// then a wait-for signal so blocked `amux wait` clients re-read at once. When
// known is false every option is written, because tmux may hold anything.
// It returns nil when nothing changed.
func publishArgs(pane string, last, want optionValues, known bool) []string {
	var args []string
	for i := range numOptions {
		if known && last[i] == want[i] {
			continue
		}
		if len(args) > 0 {
			args = append(args, tmux.Sep)
		}
		if want[i] == "" {
			args = append(args, "set-option", "-p", "-q", "-u", "-t", pane, optionKey(i))
		} else {
			args = append(args, "set-option", "-p", "-q", "-t", pane, optionKey(i), want[i])
		}
	}
	if args == nil {
		return nil
	}
	return append(args, tmux.Sep, "wait-for", "-S", WakeChannel)
}
