// Package units is topoc's one vocabulary of physical quantities as text:
// rates in bits per second per direction, sizes in bytes, lengths in
// metres, durations in seconds and counts. It parses the design
// language's unit literals strictly (ParseRate, ParseSize, ParseLength;
// misspellings get a suggestion) and formats every number topoc prints. Every layer may import it (it
// depends on the standard library only), so a rate reads the same in a
// diagnostic, a check report, a diagram and a CSV.
//
// One style: the number and its unit without a space, as the design
// language writes them ("400Gb/s", "1.6Tb/s", "141GB", "3m"), so a printed
// value can be pasted back into a design. Three kinds of number:
//
//   - exact values (a link's rate, a sum of link capacities): the shortest
//     decimal that parses back to the same float64, found by moving the
//     decimal point in strconv's shortest digits rather than by dividing,
//     so "1.6Tb/s" is never "1.6000000000000001Tb/s" (Rate, Size, Length);
//   - modelled values (a congestion estimate): rounded to the nearest at a
//     stated number of significant digits (RateSig, Seconds);
//   - proven bounds: rounded away from the side they bound, a lower bound
//     down and an upper bound up, so the printed bound is still proven
//     (RateBound, FixedBound).
package units
