// Package keystest turns key names as the registry writes them ("enter",
// "ctrl+n", "j") into the key presses Bubble Tea delivers, for the
// components' tests.
package keystest

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Press is the key press named s: a special key ("enter", "esc", "tab",
// "backspace", the arrows, "home", "end", "pgup", "pgdown", "space"),
// "ctrl+<r>", or a character typed as itself.
func Press(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "home":
		return tea.KeyPressMsg{Code: tea.KeyHome}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	}
	if r, ok := strings.CutPrefix(s, "ctrl+"); ok && len([]rune(r)) == 1 {
		return tea.KeyPressMsg{Code: []rune(r)[0], Mod: tea.ModCtrl}
	}
	return tea.KeyPressMsg{Code: []rune(s)[0], Text: s}
}
