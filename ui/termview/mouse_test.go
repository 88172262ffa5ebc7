package termview

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestEncodeMouse(t *testing.T) {
	click := func(b tea.MouseButton, mod tea.KeyMod) tea.MouseMsg {
		return tea.MouseClickMsg{Button: b, Mod: mod}
	}
	release := func(b tea.MouseButton) tea.MouseMsg { return tea.MouseReleaseMsg{Button: b} }
	wheel := func(b tea.MouseButton) tea.MouseMsg { return tea.MouseWheelMsg{Button: b} }
	motion := func(b tea.MouseButton) tea.MouseMsg { return tea.MouseMotionMsg{Button: b} }
	sgr := ModeMouseNormal | ModeMouseSGR
	tests := []struct {
		name  string
		msg   tea.MouseMsg
		x, y  int
		modes Modes
		want  string
	}{
		{"no reporting", click(tea.MouseLeft, 0), 0, 0, 0, ""},
		{"sgr left press", click(tea.MouseLeft, 0), 4, 2, sgr, "\x1b[<0;5;3M"},
		{"sgr right press", click(tea.MouseRight, 0), 0, 0, sgr, "\x1b[<2;1;1M"},
		{"sgr release keeps button", release(tea.MouseLeft), 4, 2, sgr, "\x1b[<0;5;3m"},
		{"sgr wheel up", wheel(tea.MouseWheelUp), 1, 1, sgr, "\x1b[<64;2;2M"},
		{"sgr wheel down", wheel(tea.MouseWheelDown), 1, 1, sgr, "\x1b[<65;2;2M"},
		{"sgr ctrl+click", click(tea.MouseLeft, tea.ModCtrl), 0, 0, sgr, "\x1b[<16;1;1M"},
		{"sgr shift+alt click", click(tea.MouseLeft, tea.ModShift|tea.ModAlt), 0, 0, sgr, "\x1b[<12;1;1M"},
		{"sgr large coordinates", click(tea.MouseLeft, 0), 299, 250, sgr, "\x1b[<0;300;251M"},
		{"motion ignored by 1000", motion(tea.MouseLeft), 0, 0, sgr, ""},
		{"drag with 1002", motion(tea.MouseLeft), 2, 3, ModeMouseButton | ModeMouseSGR, "\x1b[<32;3;4M"},
		{"hover ignored by 1002", motion(tea.MouseNone), 2, 3, ModeMouseButton | ModeMouseSGR, ""},
		{"hover with 1003", motion(tea.MouseNone), 2, 3, ModeMouseAny | ModeMouseSGR, "\x1b[<35;3;4M"},
		{"legacy press", click(tea.MouseLeft, 0), 0, 0, ModeMouseNormal, "\x1b[M !!"},
		{"legacy release", release(tea.MouseRight), 1, 2, ModeMouseNormal, "\x1b[M#\"#"},
		{"legacy wheel", wheel(tea.MouseWheelUp), 0, 0, ModeMouseNormal, "\x1b[M`!!"},
		{"legacy too far", click(tea.MouseLeft, 0), 223, 0, ModeMouseNormal, ""},
		{"x10 press only", click(tea.MouseLeft, tea.ModCtrl), 0, 0, ModeMouseX10, "\x1b[M !!"},
		{"x10 no release", release(tea.MouseLeft), 0, 0, ModeMouseX10, ""},
		{"outside", click(tea.MouseLeft, 0), -1, 0, sgr, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(EncodeMouse(tt.msg, tt.x, tt.y, tt.modes)); got != tt.want {
				t.Errorf("EncodeMouse = %q, want %q", got, tt.want)
			}
		})
	}
}
