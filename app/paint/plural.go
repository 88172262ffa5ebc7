package paint

// Counted words ("1 workspace", "2 workspaces": Plural), and the words of
// a sentence that agree with the count: never "(s)".

import "strconv"

// Plural counts a word: "1 tab", "2 tabs".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// LostTabsLine says how many tabs lost their session (a reboot took them).
func LostTabsLine(n int) string {
	if n == 1 {
		return "1 tab lost its session"
	}
	return strconv.Itoa(n) + " tabs lost their session"
}

// IsAre, hasHave, belongs and themIt agree a sentence with a count.
func IsAre(n int) string { return pick(n, "is", "are") }

// HasHave is "has" for one, "have" for more.
func HasHave(n int) string { return pick(n, "has", "have") }

// Belongs is "belongs" for one, "belong" for more.
func Belongs(n int) string { return pick(n, "belongs", "belong") }

// ThemIt is "it" for one, "them" for more.
func ThemIt(n int) string { return pick(n, "it", "them") }

func pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
