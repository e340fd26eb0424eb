/// Where the level of one channel of an ``IlluminationField`` came from: how far to trust it.
package enum ChannelEvidence: String, Sendable, Equatable, Codable, CaseIterable {
    /// Fitted to the frame's unclipped pixels: the frame measured this channel.
    case measured
    /// The frame was clipped in part of its area; the level comes from the unclipped part's
    /// distribution, corrected for the share that was cut off.
    case censored
    /// The frame was clipped almost everywhere in this channel; the level is where black-body
    /// light with the other two channels' ratio would put it (see the README).
    case locus
    /// The frame was clipped almost everywhere in this channel and the locus asks for less: the
    /// lowest level the clipped pixels allow.
    case clipBound
    /// No usable frame: from statistics of the picture.
    case picture
    /// Not estimated (white balance off).
    case none
}
