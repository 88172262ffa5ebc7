package app

// Counted words ("1 workspace", "2 workspaces": plural in resume.go), and
// the words of a sentence that agree with the count: never "(s)".

import "strconv"

// lostTabsLine says how many tabs lost their session (a reboot took them).
func lostTabsLine(n int) string {
	if n == 1 {
		return "1 tab lost its session"
	}
	return strconv.Itoa(n) + " tabs lost their session"
}

// isAre, hasHave, belongs and themIt agree a sentence with a count.
func isAre(n int) string   { return pick(n, "is", "are") }
func hasHave(n int) string { return pick(n, "has", "have") }
func belongs(n int) string { return pick(n, "belongs", "belong") }
func themIt(n int) string  { return pick(n, "it", "them") }

func pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
