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
	optTap
	numOptions
)

// optionValues holds the value of every tap-owned pane option; "" means the
// option is unset. An array keeps comparison and copying allocation-free.
type optionValues [numOptions]string

// optionKeys names the pane option behind each index.
var optionKeys = [numOptions]string{
	optState:      tmux.PaneReportedState,
	optKind:       tmux.PaneReportedKind,
	optApp:        tmux.PaneReportedApp,
	optMessage:    tmux.PaneReportedMessage,
	optAt:         tmux.PaneReportedAt,
	optCmdState:   tmux.PaneCommandState,
	optCmdExit:    tmux.PaneCommandExit,
	optCmdStarted: tmux.PaneCommandStartedAt,
	optCmdEnded:   tmux.PaneCommandEndedAt,
	optTap:        tmux.PaneTap,
}

// optionKey names the pane option at index i.
func optionKey(i int) string { return optionKeys[i] }

// publishArgs builds the single tmux invocation that moves the pane from last
// to want: one set-option or unset per changed option, then a wait-for signal
// so blocked `amux wait` clients re-read at once. When known is false every
// option is written, because tmux may hold anything. It returns nil when
// nothing changed.
func publishArgs(pane string, last, want optionValues, known bool) []string {
	var cmds [][]string
	for i := range numOptions {
		if known && last[i] == want[i] {
			continue
		}
		if want[i] == "" {
			cmds = append(cmds, tmux.UnsetPaneOptionArgs(pane, optionKey(i)))
		} else {
			cmds = append(cmds, tmux.SetPaneOptionArgs(pane, optionKey(i), want[i]))
		}
	}
	if cmds == nil {
		return nil
	}
	return tmux.Chain(append(cmds, []string{"wait-for", "-S", WakeChannel})...)
}
