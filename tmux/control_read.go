package tmux

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// Notification is one asynchronous line from a control client, such as
// "%sessions-changed" or "%subscription-changed name … : value".
type Notification struct {
	Name    string // without the leading '%': "sessions-changed", "exit"…
	Args    string // the rest of the line
	Dropped int    // notifications lost just before this one (slow consumer)
}

// Subscription splits a %subscription-changed notification into the
// subscription's name and its new value.
func (n Notification) Subscription() (name, value string, ok bool) {
	if n.Name != "subscription-changed" {
		return "", "", false
	}
	name, rest, ok := strings.Cut(n.Args, " ")
	if !ok {
		return "", "", false
	}
	// Ids and the reserved fields never contain " :", so the first one
	// separates them from the value (which may contain anything).
	i := strings.Index(rest, " :")
	if i < 0 {
		return "", "", false
	}
	value = rest[i+2:]
	value = strings.TrimPrefix(value, " ")
	return name, value, true
}

func parseNotification(line string) Notification {
	name, args, _ := strings.Cut(line[1:], " ")
	return Notification{Name: name, Args: args}
}

// block is one %begin … %end/%error output block being read.
type block struct {
	guard string // "time number flags", repeated verbatim by %end/%error
	body  strings.Builder
	lines int
}

func (b *block) add(line string) {
	if b.body.Len()+len(line) >= maxOutput {
		return
	}
	b.body.WriteString(line)
	b.body.WriteByte('\n')
	b.lines++
}

// readLoop parses tmux's output until it exits. Lines inside a block are
// data whatever they look like; the block ends only at %end or %error with
// the exact guard of its %begin, so output cannot end a block early unless
// it predicts tmux's command number and timestamp.
func (c *Control) readLoop(stdout io.Reader, stderr *cappedBuffer) {
	r := bufio.NewReaderSize(stdout, 64<<10)
	var cur *block
	var exitReason string
	for {
		line, err := readLine(r)
		if err != nil {
			break
		}
		if cur != nil {
			switch line {
			case "%end " + cur.guard:
				c.finishBlock(cur, false)
				cur = nil
			case "%error " + cur.guard:
				c.finishBlock(cur, true)
				cur = nil
			default:
				cur.add(line)
			}
			continue
		}
		if guard, ok := strings.CutPrefix(line, "%begin "); ok {
			cur = &block{guard: guard}
			continue
		}
		if strings.HasPrefix(line, "%") {
			n := parseNotification(line)
			if n.Name == "exit" {
				exitReason = n.Args
			}
			c.notify(n)
		}
	}
	_ = c.wait()
	msg := strings.TrimSpace(stderr.String())
	if exitReason != "" {
		msg = strings.TrimSpace(exitReason + " " + msg)
	}
	closed := &CommandError{Args: []string{"-C", "attach-session"}, Stderr: msg, Err: ErrControlClosed}
	c.mu.Lock()
	c.err = closed
	for _, p := range c.pending {
		if p.err == nil {
			p.err = closed
		}
		close(p.done)
	}
	c.pending = nil
	c.mu.Unlock()
	close(c.notes)
	close(c.done)
}

// finishBlock hands a completed block to the oldest pending reply.
func (c *Control) finishBlock(b *block, failed bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.pending) == 0 {
		return // nothing asked for it
	}
	head := c.pending[0]
	text := b.body.String()
	switch {
	case head.token == "":
		// The attach handshake: its one block settles it.
		if failed {
			head.err = &CommandError{Args: []string{"attach-session"}, Stderr: text, Err: errors.New("attach failed")}
		}
	case !failed && b.lines == 1 && text == head.token+"\n":
		// The sentinel: everything this line produced has arrived.
	case failed:
		if head.err == nil {
			head.err = &CommandError{Args: head.args, Stderr: text, Err: errors.New("command failed")}
		}
		return
	default:
		if head.out.Len()+len(text) < maxOutput {
			head.out.WriteString(text)
		}
		return
	}
	c.pending = c.pending[1:]
	close(head.done)
}

// notify queues n, dropping the oldest queued notification when full. Only
// readLoop sends, so after one receive there is room.
func (c *Control) notify(n Notification) {
	n.Dropped = c.dropped
	select {
	case c.notes <- n:
		c.dropped = 0
		return
	default:
	}
	select {
	case <-c.notes:
		c.dropped++
	default:
	}
	n.Dropped = c.dropped
	select {
	case c.notes <- n:
		c.dropped = 0
	default:
		c.dropped++
	}
}
