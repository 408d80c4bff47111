package routing

import "container/heap"

// DistQueue is Dijkstra's priority queue: vertices by tentative distance,
// least first, ties by vertex, so every search pops in the same order. A
// vertex may be pushed again at a lower distance; the caller skips the
// stale entry when it pops it (its distance no longer matches).
type DistQueue struct{ h distHeap }

// Push queues vertex v at distance d.
func (q *DistQueue) Push(v, d int32) { heap.Push(&q.h, distItem{v, d}) }

// Pop removes and returns the vertex of least distance, with it.
func (q *DistQueue) Pop() (v, d int32) {
	it := heap.Pop(&q.h).(distItem)
	return it.v, it.d
}

// Len is the number of queued entries, stale ones included.
func (q *DistQueue) Len() int { return len(q.h) }

type distItem struct{ v, d int32 }

// distHeap implements container/heap's interface.
type distHeap []distItem

func (h distHeap) Len() int           { return len(h) }
func (h distHeap) Less(i, j int) bool { return h[i].d < h[j].d || h[i].d == h[j].d && h[i].v < h[j].v }
func (h distHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *distHeap) Push(x any)        { *h = append(*h, x.(distItem)) }
func (h *distHeap) Pop() any {
	old := *h
	it := old[len(old)-1]
	*h = old[:len(old)-1]
	return it
}
